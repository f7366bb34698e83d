// Shipment Tracking (SPEC.md section 2): the player's shipments with a status class per row. Loaded from the
// server (a failure is only logged; the game state's own list is shown then).
import { useEffect, useState } from 'react';
import type { ClientShipment } from '@drugwars/engine';
import { api } from '../../api/client';
import { Table, type Column } from '../../components/Table';
import { ViewHeader } from '../../components/ViewHeader';
import { useGameStore } from '../../store/gameStore';
import './info.css';

export function shipmentStatusClass(status: string): 'delivered' | 'lost' | 'in-transit' {
  if (status === 'delivered') return 'delivered';
  if (status === 'lost') return 'lost';
  return 'in-transit';
}

const COLUMNS: Column<ClientShipment>[] = [
  { header: 'Drug', cell: (s) => s.drugName },
  { header: 'Quantity', cell: (s) => s.quantity, className: 'num' },
  { header: 'Destination', cell: (s) => s.destination },
  { header: 'Company', cell: (s) => s.company },
  { header: 'Status', cell: (s) => s.status, className: (s) => `shipment-status status-${shipmentStatusClass(s.status)}` },
  { header: 'Days Left', cell: (s) => s.daysRemaining, className: 'num' },
];

export function ShipmentTrackingView() {
  const fromState = useGameStore((s) => s.gameState?.shipments ?? null);
  const day = useGameStore((s) => s.gameState?.day ?? 0);
  const [loaded, setLoaded] = useState<ClientShipment[] | null>(null);

  useEffect(() => {
    let live = true;
    api
      .shippingStatus()
      .then((res) => live && setLoaded(Array.isArray(res.shipments) ? res.shipments : []))
      .catch((err) => console.warn('shipment status failed', err));
    return () => {
      live = false;
    };
  }, [day]);

  const shipments = loaded ?? fromState ?? [];
  return (
    <div className="info-view shipment-tracking">
      <ViewHeader title="Shipment Tracking" />
      {shipments.length === 0 ? (
        <p className="empty">No active shipments</p>
      ) : (
        <Table className="data-table" columns={COLUMNS} rows={shipments} rowKey={(s) => s.id} />
      )}
    </div>
  );
}

export default ShipmentTrackingView;
