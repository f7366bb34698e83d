// Ending a day from anywhere (Stay Here, Fly to..., TRAVEL TO...): on the game's last day a day's end ends the game
// (drugs unsold count nothing), so the player is asked first. useDayEnd gives the two moves and the question to
// render; the moves themselves are the store's stayHere and travel. NEVERMIND comes first and takes the focus: an
// Enter pressed on by habit keeps the game going.
import { useState, type ReactNode } from 'react';
import type { ClientGameState } from '@drugwars/engine';
import { Modal } from './Modal';
import { stayHere, travel } from '../store/gameActions';

/** Today is the last day: its end is the game's end. */
export function isLastDay(gs: Pick<ClientGameState, 'day' | 'maxDays'>): boolean {
  return gs.day >= gs.maxDays;
}

/** The status bar's warning on the last two days, or null. */
export function endWarning(gs: Pick<ClientGameState, 'day' | 'maxDays'>): string | null {
  if (isLastDay(gs)) return 'LAST DAY: sell everything';
  if (gs.day === gs.maxDays - 1) return 'ONE DAY LEFT after today: sell up by tomorrow';
  return null;
}

export function useDayEnd(gs: Pick<ClientGameState, 'day' | 'maxDays'> | null): {
  stay: () => Promise<void>;
  fly: (destination: string) => Promise<void>;
  question: ReactNode;
} {
  const [asking, setAsking] = useState<{ run: () => Promise<unknown>; done: () => void } | null>(null);
  const guarded = (move: () => Promise<unknown>) =>
    new Promise<void>((done) => {
      if (gs && isLastDay(gs)) setAsking({ run: move, done });
      else void move().finally(done);
    });
  const question = asking && (
    <Modal
      title="LAST DAY"
      onDismiss={() => {
        setAsking(null);
        asking.done();
      }}
    >
      <p>This is your last day. Ending it ends the game: your score is your cash plus the bank minus your debt, and drugs you haven&apos;t sold count for nothing.</p>
      <div className="modal-actions">
        <button
          type="button"
          className="btn"
          onClick={() => {
            setAsking(null);
            asking.done();
          }}
        >
          NEVERMIND
        </button>
              <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            setAsking(null);
            void asking.run().finally(asking.done);
          }}
        >
          END THE GAME
        </button>
</div>
    </Modal>
  );
  return { stay: () => guarded(stayHere), fly: (id) => guarded(() => travel(id)), question };
}
