// 'ENTER YOUR NAME' (SPEC.md section 2 and 5): resume an active game or start a new one with a name and an
// optional seed. Validation is the engine's (validatePlayerName, isSeedInputAllowed, parseSeed).
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { isSeedInputAllowed, parseSeed, validatePlayerName } from '@drugwars/engine';
import { api } from '../../api/client';
import type { SessionInfo } from '@drugwars/protocol';
import { Modal } from '../../components/Modal';
import { getPlayerName, getSessionId, setPlayerName, setSessionId } from '../../storage/local';

/** How the game starts: today's Daily Run (the day's shared seed) instead of a random or typed seed. */
export interface StartOptions {
  daily?: boolean;
}

export interface NameEntryModalProps {
  /** start-game: the trimmed name ('' lets a 'loser-…' name be generated), a seed or null, and the options. */
  onStart: (name: string, seed: string | null, options?: StartOptions) => void;
  onContinue: (sessionId: string) => void;
  onClose: () => void;
  /** Play Again: the last game's name, filled in when it is one the player may type (not a generated one). */
  initialName?: string | null;
}

/** Live validation: a blank field shows no error (SPEC.md section 5). */
export function liveNameError(name: string): string | null {
  if (name.trim() === '') return null;
  const result = validatePlayerName(name);
  return result.ok ? null : result.message;
}

/** The name the field starts with: Play Again's name when it is a valid one, else the last name typed. */
export function startingName(initialName?: string | null): string {
  const name = initialName?.trim() ?? '';
  return name !== '' && validatePlayerName(name).ok ? name : getPlayerName();
}

export function NameEntryModal({ onStart, onContinue, onClose, initialName }: NameEntryModalProps) {
  const nameId = useId();
  const seedId = useId();
  const [name, setName] = useState(() => startingName(initialName));
  const [nameError, setNameError] = useState<string | null>(() => liveNameError(startingName(initialName)));
  const [useSeed, setUseSeed] = useState(false);
  const [seed, setSeed] = useState('');
  const [seedError, setSeedError] = useState<string | null>(null);
  const [active, setActive] = useState<{ sessionId: string; session: SessionInfo } | null>(null);
  /** Why the stored game can't be continued, when the server said (a game of older rules). */
  const [closedReason, setClosedReason] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ name: string; seed: string | null; options: StartOptions } | null>(null);

  useEffect(() => {
    const sessionId = getSessionId();
    if (!sessionId) return;
    let cancelled = false;
    api
      .validate(sessionId)
      .then((res) => {
        if (cancelled) return;
        if (res.valid && res.session) setActive({ sessionId, session: res.session });
        else {
          setSessionId(null);
          if (res.closedReason) setClosedReason(res.closedReason);
        }
      })
      .catch((err: unknown) => {
        // a definite "not found" forgets the id; a network failure keeps it for later
        if (!cancelled && typeof err === 'object' && err !== null && (err as { status?: number }).status === 404) {
          setSessionId(null);
        }
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const onNameChange = (value: string) => {
    setName(value);
    const error = liveNameError(value);
    setNameError(error);
    if (error === null && value.trim() !== '') setPlayerName(value.trim());
  };

  const onSeedChange = (value: string) => {
    if (!isSeedInputAllowed(value)) return;
    setSeed(value);
    setSeedError(null);
  };

  const start = (options: StartOptions = {}) => {
    const trimmed = name.trim();
    if (trimmed !== '') {
      const result = validatePlayerName(trimmed);
      if (!result.ok) {
        setNameError(result.message);
        return;
      }
      setPlayerName(result.name);
    }
    let seedValue: string | null = null;
    // A Daily Run plays the day's own seed: a typed one is left alone, not refused.
    if (!options.daily && useSeed && seed.trim() !== '') {
      const parsed = parseSeed(seed);
      if (!parsed.ok) {
        setSeedError(parsed.message);
        return;
      }
      seedValue = seed.trim();
    }
    if (active) {
      setConfirming({ name: trimmed, seed: seedValue, options });
      return;
    }
    emitStart(trimmed, seedValue, options);
  };

  /** start-game: a plain start emits what SPEC.md names (name, seed or null); a Daily Run adds its options. */
  const emitStart = (startName: string, startSeed: string | null, options: StartOptions) => {
    if (options.daily) onStart(startName, startSeed, options);
    else onStart(startName, startSeed);
  };

  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (nameError === null) start();
    }
  };

  return (
    <>
      <Modal title="ENTER YOUR NAME" onDismiss={onClose} className="name-entry" hidden={confirming !== null}>
        {active && (
          <section className="name-section" aria-label="ACTIVE GAMES">
            <h3>ACTIVE GAMES</h3>
            <div className="active-game">
              <span className="active-name">{active.session.playerName}</span>
              <span className="active-day">
                Day {Math.min(active.session.day, active.session.maxDays)}/{active.session.maxDays}
              </span>
              <button type="button" className="btn" onClick={() => onContinue(active.sessionId)}>
                CONTINUE GAME
              </button>
            </div>
          </section>
        )}
        {closedReason && !active && (
          <section className="name-section" aria-label="ACTIVE GAMES">
            <h3>ACTIVE GAMES</h3>
            <p className="warning-text closed-game">{closedReason}</p>
          </section>
        )}
        <section className="name-section" aria-label="START NEW GAME">
          <h3>START NEW GAME</h3>
          <label htmlFor={nameId} className="sr-only">
            Player name
          </label>
          <input
            id={nameId}
            className={`input ${nameError ? 'input-error' : ''}`}
            type="text"
            value={name}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            placeholder="YOUR NAME"
            aria-invalid={nameError !== null}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            onChange={(e) => onNameChange(e.target.value)}
            // the name filled in is selected: typing a new one replaces it
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={onEnter}
          />
          {nameError && (
            <p id={`${nameId}-error`} className="field-error" role="alert">
              {nameError}
            </p>
          )}
          <div className="seed-row">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={useSeed}
                onChange={(e) => {
                  setUseSeed(e.target.checked);
                  if (!e.target.checked) {
                    setSeed('');
                    setSeedError(null);
                  }
                }}
              />
              <span>Use seed</span>
            </label>
            <label htmlFor={seedId} className="sr-only">
              Seed
            </label>
            <input
              id={seedId}
              className={`input seed-input ${seedError ? 'input-error' : ''}`}
              type="text"
              inputMode="numeric"
              value={seed}
              disabled={!useSeed}
              maxLength={19}
              autoComplete="off"
              placeholder={useSeed ? 'Enter seed (16 digits)...' : 'SEED (OPTIONAL)'}
              onChange={(e) => onSeedChange(e.target.value)}
              onKeyDown={onEnter}
            />
          </div>
          {seedError && (
            <p className="field-error" role="alert">
              {seedError}
            </p>
          )}
          {useSeed && <p className="warning-text small">Seeded games are not eligible for leaderboard</p>}
          <p id={`${nameId}-daily`} className="muted small">
            DAILY RUN: today's game, the same for everybody (UTC). Your first finished run of the day goes on the Daily Run board.
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" disabled={nameError !== null} onClick={() => start()}>
              START NEW GAME
            </button>
            <button
              type="button"
              className="btn btn-daily"
              disabled={nameError !== null}
              aria-describedby={`${nameId}-daily`}
              onClick={() => start({ daily: true })}
            >
              DAILY RUN
            </button>
            <button type="button" className="btn" onClick={onClose}>
              CANCEL
            </button>
          </div>
        </section>
      </Modal>
      {confirming && (
        // its own modal above the form (kept mounted, hidden): the focus comes back to START NEW GAME or the
        // field Enter was pressed in when the player backs out
        <Modal key="confirm-new-game" title="ENTER YOUR NAME" onDismiss={() => setConfirming(null)}>
          <p className="warning-text">
            WARNING: You have an active game. Starting a new game will delete your active game.
          </p>
          <div className="modal-actions">
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => emitStart(confirming.name, confirming.seed, confirming.options)}
            >
              WHATEVER
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(null)}>
              NEVERMIND
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

export default NameEntryModal;
