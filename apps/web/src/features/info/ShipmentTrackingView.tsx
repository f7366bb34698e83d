// Shipment Tracking (SPEC.md section 2): the player's shipments with a status class per row. Loaded from the
// server (a failure is only logged; the game state's own list is shown then).
import { useEffect, useState } from 'react';
import type { Shipment } from '@drugwars/engine';
import { api } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { ViewHeader } from '../game/ViewHeader';
import './info.css';

export function shipmentStatusClass(status: string): 'delivered' | 'lost' | 'in-transit' {
  if (status === 'delivered') return 'delivered';
  if (status === 'lost') return 'lost';
  return 'in-transit';
}

export function ShipmentTrackingView() {
  const fromState = useGameStore((s) => s.gameState?.shipments ?? null);
  const day = useGameStore((s) => s.gameState?.day ?? 0);
  const [loaded, setLoaded] = useState<Shipment[] | null>(null);

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
        <table className="data-table">
          <thead>
            <tr>
              <th>Drug</th>
              <th>Quantity</th>
              <th>Destination</th>
              <th>Company</th>
              <th>Status</th>
              <th>Days Left</th>
            </tr>
          </thead>
          <tbody>
            {shipments.map((s) => (
              <tr key={s.id}>
                <td>{s.drugName}</td>
                <td className="num">{s.quantity}</td>
                <td>{s.destination}</td>
                <td>{s.company}</td>
                <td className={`shipment-status status-${shipmentStatusClass(s.status)}`}>{s.status}</td>
                <td className="num">{s.daysRemaining}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default ShipmentTrackingView;
