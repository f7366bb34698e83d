// The small modals of the title screen (SPEC.md section 2): not found, audit failure, connection failed, about;
// and the notice for a game started under older rules.
import { OLDER_RULES_MESSAGE } from '@drugwars/engine';
import { Modal, ModalButton } from '../../components/Modal';
import { CopyField } from '../../components/CopyField';
import type { VersionResponse } from '@drugwars/protocol';
import { ORIGINAL_AUTHOR, ORIGINAL_AUTHOR_SITE } from '../../config';

/** The operator's values from the version call (each absent when the server has none configured). */
export type AboutValues = Pick<VersionResponse, 'contact' | 'donationAddress'>;

export function NotFoundModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Not Found" onDismiss={onClose}>
      <p>{"That page doesn't exist dude, quit fucking around"}</p>
      <ModalButton label="Whatever" onClick={onClose} />
    </Modal>
  );
}

export function AuditFailureModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="AUDIT FAILURE" className="modal-danger">
      <p>{"Your game failed record audits. Some kinda bug, or you're a cheater."}</p>
      <ModalButton label="Dang" variant="danger" onClick={onClose} />
    </Modal>
  );
}

/**
 * A game of older rules was closed by the server (410 RULES_CHANGED): not the player's fault and not a cheat,
 * so it is told plainly, with the way on: a new game.
 */
export function RulesChangedModal({ message, onNewGame, onClose }: { message?: string; onNewGame: () => void; onClose: () => void }) {
  return (
    <Modal title="THE RULES HAVE CHANGED" onDismiss={onClose}>
      <p>{message || OLDER_RULES_MESSAGE}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onNewGame}>
          Start New Game
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

export interface ErrorId {
  time: number;
  random: string;
}

/** The parts of 'err-{time}-{random}': a reference the player can quote to the developer. */
export function generateErrorId(now: number = Date.now(), random: () => number = Math.random): ErrorId {
  return { time: now, random: random().toString(36).slice(2, 8).padEnd(6, '0') };
}

export const CONNECTION_FAILED_TEXT =
  "Shit, the game's not working. Try again in 5 minutes, the server might be restarting. If it's still not working, tell the dev to get his shit together or try again later.";

export function ConnectionFailedModal({ errorId, about, onRetry }: { errorId: ErrorId; about: AboutValues; onRetry: () => void }) {
  return (
    <Modal title="CONNECTION FAILED" className="modal-danger" onDismiss={onRetry}>
      <p>{CONNECTION_FAILED_TEXT}</p>
      {about.contact && <CopyField label="Contact" value={about.contact} />}
      <p className="error-id">{`Error: err-${errorId.time}-${errorId.random}`}</p>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onRetry}>
          TRY AGAIN
        </button>
      </div>
    </Modal>
  );
}

export function AboutModal({ about, onClose }: { about: AboutValues; onClose: () => void }) {
  return (
    <Modal title="About" onDismiss={onClose}>
      <p>
        DRUG WARS is a free clone of the classic 1984 game by {ORIGINAL_AUTHOR}. It costs nothing to play and never
        will. Only game-related data is tracked (no personal information).
      </p>
      {about.donationAddress && (
        <>
          <p>If you like it, tips keep the server running:</p>
          <CopyField label="Donation address" value={about.donationAddress} />
        </>
      )}
      <p>
        Show the original author some love too: his tip address is on his site,{' '}
        <a href={ORIGINAL_AUTHOR_SITE} target="_blank" rel="noreferrer">
          {ORIGINAL_AUTHOR_SITE.replace(/^https?:\/\//, '')}
        </a>
        .
      </p>
      {about.contact && <CopyField label="Messenger contact" value={about.contact} />}
      <ModalButton label="WHATEVER" onClick={onClose} />
    </Modal>
  );
}
