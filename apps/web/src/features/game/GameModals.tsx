// The modal queue of the game screen: the head of `modals` is shown; closing it shows the next.
import { Suspense, useState } from 'react';
import { LOAN_DUE_DAYS, type EventCategory, type ClientGameEvent } from '@drugwars/engine';
import { Modal, ModalButton } from '../../components/Modal';
import { GAME_TITLE } from '../../config';
import { ErrorModal } from '../../components/ErrorModal';
import { countOf, formatMoney } from '../../lib/format';
import { getHowToPlaySeen, setHowToPlaySeen } from '../../storage/local';
import { splitParagraphs } from '../../store/eventQueue';
import { useGameStore, type ModalItem } from '../../store/gameStore';
import { lazyWithPreload } from '../../components/lazyWithPreload';

const SessionLostModal = lazyWithPreload(() => import('../connection/SessionLostModal'));
const HowToPlayModal = lazyWithPreload(() => import('../howto/HowToPlayModal'));

export const EVENT_TITLES: Partial<Record<EventCategory, string>> = {
  price_change: 'WORD ON THE STREET',
  rumor: 'RUMORS',
  received_item: 'LUCKY FIND',
  lost_item: 'BAD NEWS',
  information: 'NEWS',
};

const MOTIVATION = [
  'The streets are starting to know your name.',
  'Keep hustling. The top is closer than it looks.',
  'Bigger pockets, bigger problems. Stay sharp.',
];

function Paragraphs({ text, skip }: { text: string; skip?: string }) {
  return (
    <>
      {splitParagraphs(text)
        .filter((p, i) => !(i === 0 && skip !== undefined && p.trim() === skip))
        .map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}

/**
 * The intro's debt line when the server's story text leaves it out. At the start of a game the loan is due in
 * 7 days, so it reads as SPEC.md quotes it: 'You owe $debt to {loan shark name}, due in 7 days'; any other
 * count reads right too ('due in 1 day').
 */
export function introDebtLine(debt: number, sharkName: string | null | undefined, daysLeft: number): string {
  return `You owe ${formatMoney(debt)} to ${sharkName ?? 'the loan shark'}, due in ${countOf(Math.max(0, daysLeft), 'day')}`;
}

/** The intro's pointer to How to play, for a player who has not seen it: shown in one intro, then remembered. */
function HowToPlayHint() {
  const [shown] = useState(() => !getHowToPlaySeen());
  const [open, setOpen] = useState(false);
  if (!shown) return null;
  return (
    <>
      <p className="howto-hint">
        New here?{' '}
        <button type="button" className="btn-link" onClick={() => setOpen(true)}>
          How to play
        </button>{' '}
        tells the goal, a day&apos;s moves, the risks and the keys (press ? in the game for every shortcut).
      </p>
      {open && (
        <Suspense fallback={null}>
          <HowToPlayModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function IntroModal({ event, onClose }: { event: ClientGameEvent; onClose: () => void }) {
  const player = useGameStore((s) => s.gameState?.player);
  const day = useGameStore((s) => s.gameState?.day ?? 1);
  const mentionsDebt = /You owe/.test(event.message);
  const close = () => {
    setHowToPlaySeen(); // pointed to once: later games' intros do not repeat it
    onClose();
  };
  return (
    <Modal title={GAME_TITLE} className="intro-modal">
      <Paragraphs text={event.message} skip={GAME_TITLE} />
      {!mentionsDebt && player && player.debt > 0 && (
        <p className="warning-text">
          {introDebtLine(player.debt, player.loanShark?.name, (player.loanShark?.dueDay ?? day + LOAN_DUE_DAYS) - day)}
        </p>
      )}
      <ModalButton label={"Let's Go!"} variant="primary" onClick={close} />
      {/* after the button: "Let's Go!" keeps the opening focus (Enter starts the game as before) */}
      <HowToPlayHint />
    </Modal>
  );
}

function EventModal({ item, onClose }: { item: Extract<ModalItem, { kind: 'event' }>; onClose: () => void }) {
  return (
    <Modal title={EVENT_TITLES[item.category] ?? 'NEWS'} onDismiss={onClose} className={`event-${item.category}`}>
      {item.events.map((e, i) => (
        <div key={i} className={`event-message event-${e.type}`}>
          <Paragraphs text={e.message} />
        </div>
      ))}
      <ModalButton label={item.ackText} variant="primary" onClick={onClose} />
    </Modal>
  );
}

function PromotionModal({ item, onClose }: { item: Extract<ModalItem, { kind: 'promotion' }>; onClose: () => void }) {
  const { newRank, nextRank } = item.data;
  const line = MOTIVATION[newRank.level % MOTIVATION.length];
  return (
    <Modal title="RANK PROMOTION!" className="promotion-modal">
      <p className="promotion-rank">{newRank.name}</p>
      <p>
        New inventory: {newRank.inventoryName} ({newRank.inventorySize} units)
      </p>
      <p>Max days: {newRank.maxDays}</p>
      {nextRank ? (
        <p>Next rank at {formatMoney(nextRank.cashRequirement)}</p>
      ) : (
        <p>You made it to the top. Nobody above you now.</p>
      )}
      <p className="motivation">{line}</p>
      <ModalButton label="Continue Playing" variant="primary" onClick={onClose} />
    </Modal>
  );
}

export function GameModals() {
  const head = useGameStore((s) => s.modals[0]);
  const close = useGameStore((s) => s.closeModal);
  if (!head) return null;
  switch (head.kind) {
    case 'intro':
      return <IntroModal event={head.event} onClose={close} />;
    case 'event':
      return <EventModal item={head} onClose={close} />;
    case 'promotion':
      return <PromotionModal item={head} onClose={close} />;
    case 'error':
      return <ErrorModal message={head.message} onClose={close} />;
    case 'sessionLost':
      return (
        <Suspense fallback={null}>
          <SessionLostModal message={head.message} onClose={close} />
        </Suspense>
      );
    case 'apiError':
      return (
        <Modal title="API ERROR" onDismiss={close} className="modal-danger">
          <p>Something went wrong talking to the server.</p>
          <p className="error-id">Session: {head.sessionRef}</p>
          <div className="modal-actions">
            {head.retry && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  const retry = head.retry;
                  close();
                  retry?.();
                }}
              >
                Retry
              </button>
            )}
            <button type="button" className="btn" onClick={close}>
              Close
            </button>
          </div>
        </Modal>
      );
  }
}
