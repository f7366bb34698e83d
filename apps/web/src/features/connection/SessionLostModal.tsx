// Session Connection Lost (SPEC.md sections 2 and 8): shown when a call fails with a session error. Retry
// Connection (Try Again after a failed round) makes up to 3 attempts 1 s apart; Return to Title; Start New
// Game (ends the session and goes to the title, where PLAY starts a new one).
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { Modal } from '../../components/Modal';
import { getSessionId } from '../../storage/local';
import { endSession } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { reconnect, reconnectStatusText, RECONNECT_FAILED_TEXT } from './reconnect';

export const SESSION_LOST_TEXT = 'Session connection lost. The server may have restarted.';

export interface SessionLostModalProps {
  message?: string;
  onClose: () => void;
  /** One reconnect attempt; the default validates the stored session and resumes it into the store. */
  attempt?: () => Promise<boolean>;
  wait?: (ms: number) => Promise<void>;
}

async function defaultAttempt(): Promise<boolean> {
  const id = useGameStore.getState().sessionId ?? getSessionId();
  if (!id) return false;
  const check = await api.validate(id);
  if (!check.valid) return false;
  const res = await api.resume(id);
  const store = useGameStore.getState();
  store.setSession(res.sessionId || id, { isManualSeed: res.isManualSeed, dailyDate: res.dailyDate });
  store.setGameState(res.gameState);
  store.setSessionError(false);
  return true;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function SessionLostModal({ message, onClose, attempt = defaultAttempt, wait = realWait }: SessionLostModalProps) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const onRetry = async () => {
    setBusy(true);
    setFailed(false);
    // Each attempt's 'n/3' is on screen before the attempt starts: against a server that is down the attempt
    // fails within a millisecond, and React would batch 'n/3' with the result so the last one never showed.
    const onAttempt = (n: number) => flushSync(() => setStatus(reconnectStatusText(n)));
    const ok = await reconnect({ attempt, wait, onAttempt });
    setBusy(false);
    if (ok) {
      setStatus(null);
      onClose();
      return;
    }
    setStatus(RECONNECT_FAILED_TEXT);
    setFailed(true);
  };

  return (
    <Modal title="Session Connection Lost" className="modal-danger">
      <p>{message || SESSION_LOST_TEXT}</p>
      {status && (
        <p className="reconnect-status" role="status">
          {status}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void onRetry()}>
          {failed ? 'Try Again' : 'Retry Connection'}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => {
            onClose();
            navigate('/');
          }}
        >
          Return to Title
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => {
            onClose();
            void endSession().then(() => navigate('/'));
          }}
        >
          Start New Game
        </button>
      </div>
    </Modal>
  );
}

export default SessionLostModal;
