// Fly To (from every view's header): every location but the current one with how the trip is made and its fare,
// its danger and tonight's odds of a fight there with what the player carries; disabled when cash is below the
// price. The buttons are the TRAVEL TO... view's (components/TravelRisk's Destination).
import { Modal } from './Modal';
import { Destination, HeatNote } from './TravelRisk';
import { travel } from '../store/gameActions';
import { useGameStore } from '../store/gameStore';
import { useCatalogue } from '../store/useCatalogue';

export default function FlyToModal({ onClose, onFlying }: { onClose: () => void; onFlying?: (f: boolean) => void }) {
  const gs = useGameStore((s) => s.gameState);
  const { locations } = useCatalogue();
  if (!gs) return null;
  const others = locations.filter((l) => l.id !== gs.location);
  return (
    <Modal title="Fly to..." onDismiss={onClose} className="fly-modal">
      <HeatNote player={gs.player} />
      <div className="location-grid">
        {others.map((l) => (
          <button
            key={l.id}
            type="button"
            className="btn location-btn"
            disabled={gs.player.cash < l.flightPrice}
            onClick={() => {
              onClose();
              onFlying?.(true);
              void travel(l.id).finally(() => onFlying?.(false));
            }}
          >
            <Destination location={l} player={gs.player} />
          </button>
        ))}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
