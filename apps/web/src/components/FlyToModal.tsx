// Fly To (from every view's header): every location but the current one with how the trip is made and its fare,
// its danger and tonight's odds of a fight there with what the player carries; disabled when cash is below the
// price. The buttons are the TRAVEL TO... view's (components/TravelRisk's Destination). Keys: F opens it, then the
// number a button shows flies there.
import { useRef } from 'react';
import { Modal, ModalButton } from './Modal';
import { hotkeyProps, useHotkeys } from './useHotkeys';
import { cheapestFare, Destination, HeatNote, StrandedNote } from './TravelRisk';
import { useGameStore } from '../store/gameStore';
import { useCatalogue } from '../store/useCatalogue';

/** `onFly` makes the trip (through the last day's question, components/DayEnd) once this dialog has closed. */
export default function FlyToModal({ onClose, onFly }: { onClose: () => void; onFly: (destination: string) => void }) {
  const gs = useGameStore((s) => s.gameState);
  const { locations } = useCatalogue();
  const gridRef = useRef<HTMLDivElement>(null);
  const others = gs ? locations.filter((l) => l.id !== gs.location) : [];
  const fly = (id: string) => {
    onClose();
    onFly(id);
  };
  // the city's number in the grid (1-9, 0 for a tenth): a trip in two keys, F then the number
  useHotkeys(
    {
      flyTo: (n) => {
        const city = n === null ? undefined : others[n - 1];
        if (!gs || !city || gs.player.cash < city.flightPrice) return false;
        fly(city.id);
      },
    },
    gridRef,
  );
  if (!gs) return null;
  return (
    <Modal title="Fly to..." onDismiss={onClose} className="fly-modal">
      <HeatNote player={gs.player} />
      <StrandedNote player={gs.player} fare={cheapestFare(locations, gs.location)} />
      <div className="location-grid" ref={gridRef}>
        {others.map((l, i) => (
          <button
            key={l.id}
            type="button"
            className="btn location-btn"
            disabled={gs.player.cash < l.flightPrice}
            {...(i < 10 ? hotkeyProps('flyTo', i + 1) : {})}
            onClick={() => fly(l.id)}
          >
            <Destination location={l} player={gs.player} />
          </button>
        ))}
      </div>
      <ModalButton label="Cancel" onClick={onClose} />
    </Modal>
  );
}
