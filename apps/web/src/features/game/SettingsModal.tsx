// 'Game Settings': sound ON/OFF, combat speed, travel speed (NORMAL keeps SPEC.md's transitions, FAST shortens
// them, SKIP drops the wait), Quit Game and New Game with their confirmations.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/Modal';
import { COMBAT_SPEEDS, TRAVEL_SPEEDS } from '../../constants';
import { endSession } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';

/** A row of buttons, one per speed, the current one pressed. */
function SpeedChoice<T extends string>({ label, speeds, current, onChoose }: { label: string; speeds: readonly T[]; current: T; onChoose: (speed: T) => void }) {
  return (
    <div className="settings-row" role="group" aria-label={label}>
      <span>{label}</span>
      <div className="segmented">
        {speeds.map((speed) => (
          <button
            key={speed}
            type="button"
            className={`btn btn-small ${current === speed ? 'active' : ''}`}
            aria-pressed={current === speed}
            onClick={() => onChoose(speed)}
          >
            {speed.toUpperCase()}
          </button>
        ))}
      </div>
    </div>
  );
}

export function SettingsModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const settings = useGameStore((s) => s.settings);
  const [confirm, setConfirm] = useState<'quit' | 'new' | null>(null);

  // A confirmation is its own modal above the settings, which stay mounted (hidden) meanwhile: the focus goes
  // to the confirmation's first button and, on cancel, back to the button that opened it.
  const confirmation =
    confirm === 'quit' ? (
      <Modal key="quit" title="Quit Game" onDismiss={() => setConfirm(null)}>
        <p>This will return to the title screen. You can resume this game later.</p>
        <div className="modal-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              useGameStore.getState().resetGame();
              navigate('/');
            }}
          >
            OK
          </button>
          <button type="button" className="btn" onClick={() => setConfirm(null)}>
            CANCEL
          </button>
        </div>
      </Modal>
    ) : confirm === 'new' ? (
      <Modal key="new" title="New Game" onDismiss={() => setConfirm(null)}>
        <p>{"You'll lose all your progress, dude. You sure?"}</p>
        <div className="modal-actions">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              void endSession().then(() => navigate('/'));
            }}
          >
            YEAH
          </button>
          <button type="button" className="btn" onClick={() => setConfirm(null)}>
            NEVERMIND
          </button>
        </div>
      </Modal>
    ) : null;

  const { setSoundEnabled, setCombatSpeed, setTravelSpeed } = useGameStore.getState();
  return (
    <>
      <Modal title="Game Settings" onDismiss={onClose} hidden={confirm !== null}>
        <div className="settings-row">
          <span id="sound-label">Sound</span>
          <button
            type="button"
            className={`btn toggle ${settings.soundEnabled ? 'active' : ''}`}
            aria-labelledby="sound-label"
            aria-pressed={settings.soundEnabled}
            onClick={() => setSoundEnabled(!settings.soundEnabled)}
          >
            {settings.soundEnabled ? 'ON' : 'OFF'}
          </button>
        </div>
        <SpeedChoice label="Combat speed" speeds={COMBAT_SPEEDS} current={settings.combatSpeed} onChoose={setCombatSpeed} />
        <SpeedChoice label="Travel speed" speeds={TRAVEL_SPEEDS} current={settings.travelSpeed} onChoose={setTravelSpeed} />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => setConfirm('new')}>
            New Game
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setConfirm('quit')}>
            Quit Game
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </Modal>
      {confirmation}
    </>
  );
}
