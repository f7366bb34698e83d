// The title screen (SPEC.md section 2): logo, version, PLAY / MOST WANTED LIST / How to play / About, changelog footer,
// the health check with its loading overlay and connection-failed modal (or, when the device has no network,
// a "You're offline" note that retries by itself), the not-found and audit modals, and the notice that a game
// was started under older rules (error=rules).
import { useDocumentTitle } from '../../components/hooks';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import type { ChangelogEntry } from '@drugwars/protocol';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { ErrorModal } from '../../components/ErrorModal';
import { OFFLINE_RETRY_INTERVAL_MS, TEST_VERSION_PATTERN } from '../../constants';
import { readPlayAgain } from '../../lib/playAgain';
import { setSessionId } from '../../storage/local';
import { startNewGame } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { signals } from '../../store/signals';
import { AsciiLogo } from './AsciiLogo';
import type { StartOptions } from './NameEntryModal';
import {
  AboutModal,
  AuditFailureModal,
  ConnectionFailedModal,
  generateErrorId,
  NotFoundModal,
  RulesChangedModal,
  type AboutValues,
  type ErrorId,
} from './TitleModals';
import { lazyWithPreload } from '../../components/lazyWithPreload';

const NameEntryModal = lazyWithPreload(() => import('./NameEntryModal'));
const HowToPlayModal = lazyWithPreload(() => import('../howto/HowToPlayModal'));

const DEFAULT_LABELS = ['PLAY', 'MOST WANTED LIST', 'About'] as const;

/** Title button labels from the static locale file's 'buttons' list; defaults where missing. */
export function useButtonLabels(): string[] {
  const [labels, setLabels] = useState<string[]>([...DEFAULT_LABELS]);
  useEffect(() => {
    let cancelled = false;
    fetch('/locales/en.json')
      .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
      .then((json) => {
        const buttons = (json as { buttons?: unknown } | null)?.buttons;
        if (cancelled || !Array.isArray(buttons)) return;
        setLabels(DEFAULT_LABELS.map((d, i) => (typeof buttons[i] === 'string' && buttons[i] ? buttons[i] : d)));
      })
      .catch(() => {
        // built-in labels stay
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return labels;
}

/** The device says it has no network at all (an installed app started offline): nothing to ask the server. */
function deviceOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The changes text as the items a player reads: a line starting with '- ' (or '* ') opens an item, other lines
 * continue it; text without such a marker is one item. The changes text itself is SPEC.md's, unchanged.
 */
export function changeItems(changes: string): string[] {
  const items: string[] = [];
  for (const raw of changes.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (bullet || items.length === 0) items.push(bullet ? (bullet[1] ?? '') : line);
    else items[items.length - 1] += ` ${line}`;
  }
  return items;
}

export function isTestVersion(version: string): boolean {
  return TEST_VERSION_PATTERN.test(version);
}

/** A game asked for: the name entry's start. */
interface StartRequest {
  name: string;
  seed: string | null;
  options: StartOptions;
}

export function TitleScreen({ notFound = false, howToPlay = false }: { notFound?: boolean; howToPlay?: boolean }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const labels = useButtonLabels();
  const [checking, setChecking] = useState(true);
  const [starting, setStarting] = useState(false);
  const [errorId, setErrorId] = useState<ErrorId | null>(null);
  const [offline, setOffline] = useState(false);
  const [version, setVersion] = useState('');
  const [about, setAbout] = useState<AboutValues>({});
  /** A start asked for while offline: made as soon as the server answers again. */
  const [waitingStart, setWaitingStart] = useState<StartRequest | null>(null);
  const [showChangelog, setShowChangelog] = useState(false);
  const [changelog, setChangelog] = useState<ChangelogEntry[] | null>(null);
  const [modal, setModal] = useState<'name' | 'about' | null>(null);
  const [audit, setAudit] = useState(false);
  const [rulesChanged, setRulesChanged] = useState(false);
  /** Play Again from Game Over: the name entry opens at once with the last game's name. */
  const location = useLocation();
  const [playAgainName, setPlayAgainName] = useState<string | null>(null);
  const headModal = useGameStore((s) => s.modals[0]);
  useDocumentTitle(null);
  const closeStoreModal = useGameStore((s) => s.closeModal);

  // quiet: an automatic retry while offline (no loading overlay over the title each time)
  const check = useCallback(async (quiet = false) => {
    setErrorId(null);
    // Offline, the server cannot be reached: the title stays usable with a note, never the CONNECTION FAILED
    // modal (that is for a server that does not answer a device that is online).
    if (deviceOffline()) {
      setOffline(true);
      setChecking(false);
      return;
    }
    if (!quiet) setChecking(true);
    try {
      await api.health();
      setOffline(false);
      setChecking(false);
    } catch {
      setChecking(false);
      if (deviceOffline()) setOffline(true);
      else {
        setOffline(false);
        setErrorId(generateErrorId());
      }
    }
    // version check failure: nothing (SPEC.md section 8)
    api
      .version()
      .then((v) => {
        setVersion(v.version);
        setAbout({ contact: v.contact, donationAddress: v.donationAddress });
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  // While offline: check again as soon as the browser says the network is back, and every few seconds.
  useEffect(() => {
    if (!offline) return;
    const retry = () => void check(true);
    window.addEventListener('online', retry);
    const timer = setInterval(retry, OFFLINE_RETRY_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [offline, check]);

  // error=audit opens the audit modal, error=rules the older-rules notice; either is cleared from the address
  useEffect(() => {
    const error = params.get('error');
    if (error === 'audit' || error === 'rules') {
      if (error === 'audit') setAudit(true);
      else setRulesChanged(true);
      const next = new URLSearchParams(params);
      next.delete('error');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  // A redirect the store holds is for the game screen; on the title it is used up here, so it cannot send the
  // next game screen straight back (an audit failure while starting a game opens the audit modal instead).
  const redirect = useGameStore((s) => s.redirect);
  useEffect(() => {
    if (!redirect) return;
    useGameStore.getState().setRedirect(null);
    const error = new URLSearchParams(redirect.split('?')[1] ?? '').get('error');
    if (error === 'audit') setAudit(true);
    if (error === 'rules') setRulesChanged(true);
  }, [redirect]);

  // Used once: the state is dropped from the history entry, so Back or a reload does not reopen the name entry.
  useEffect(() => {
    const name = readPlayAgain(location.state);
    if (name === null) return;
    setPlayAgainName(name);
    setModal('name');
    navigate(location.pathname + location.search, { replace: true, state: null });
  }, [location, navigate]);

  useEffect(() => {
    if (showChangelog && changelog === null) void api.changelog().then(setChangelog);
  }, [showChangelog, changelog]);

  const onStart = async (name: string, seed: string | null, options: StartOptions = {}) => {
    setModal(null);
    // A game is played on the server: offline, say so and start it by itself once the connection is back.
    if (deviceOffline()) {
      setOffline(true);
      setWaitingStart({ name, seed, options });
      return;
    }
    setWaitingStart(null);
    setStarting(true);
    const sessionId = await startNewGame(name, seed, options);
    if (sessionId === null) {
      setStarting(false);
      return;
    }
    navigate(sessionId ? `/game?id=${encodeURIComponent(sessionId)}` : '/game');
  };

  // the start asked for while offline, once the server answers again
  useEffect(() => {
    if (offline || checking || errorId || !waitingStart) return;
    void onStart(waitingStart.name, waitingStart.seed, waitingStart.options);
    // onStart is a plain function of this render; the effect runs when the connection comes back
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offline, checking, errorId, waitingStart]);

  const openName = () => {
    signals.emit({ type: 'funnel', stage: 'name_entry' });
    setModal('name');
  };

  return (
    <div className="screen title-screen">
      <main className="title-main">
        <AsciiLogo />
        {offline && (
          <p role="status" className="offline-note">
            {waitingStart
              ? "Games are played on the server, so they need a connection. You're offline: your game starts by itself when you're back."
              : "You're offline. Retrying when your connection is back..."}
          </p>
        )}
        {version && isTestVersion(version) && (
          <p className="warning-text">This is a test version of the game. Expect bugs.</p>
        )}
        <nav className="title-buttons" aria-label="Main menu">
          <button type="button" className="btn btn-primary btn-big" onClick={openName}>
            {labels[0]}
          </button>
          <button type="button" className="btn btn-big" onClick={() => navigate('/leaderboard')}>
            {labels[1]}
          </button>
          {/* a page of its own (/how-to-play, over the title): a link, so it can be shared and bookmarked */}
          <Link to="/how-to-play" className="btn btn-big">
            How to play
          </Link>
          <button type="button" className="btn btn-big" onClick={() => setModal('about')}>
            {labels[2]}
          </button>
        </nav>
      </main>
      {/* The panel opens over the page just above the footer bar and scrolls inside a bounded height, so the bar
          (version and toggle) stays where it was instead of being pushed up the page by a long list. The panel
          takes the focus stop a scrolled region needs for keyboard users. */}
      <footer className="title-footer">
        {showChangelog && (
          <section className="changelog" id="changelog-panel" aria-label="Recent Changes" tabIndex={0}>
            <h2>Recent Changes</h2>
            {changelog === null ? (
              <p>Loading...</p>
            ) : changelog.length === 0 ? (
              <p>No changelog available</p>
            ) : (
              <ul>
                {changelog.map((entry) => (
                  <li key={`${entry.version}-${entry.date}`}>
                    <strong>{`v${entry.version} - ${entry.date}`}</strong>
                    <ul className="changes">
                      {changeItems(entry.changes).map((item, i) => (
                        <li key={i}>{item}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <div className="footer-bar">
          <span className="footer-version">{version ? `v${version}` : ''}</span>
          <button
            type="button"
            className="btn-link"
            aria-expanded={showChangelog}
            aria-controls={showChangelog ? 'changelog-panel' : undefined}
            onClick={() => setShowChangelog((v) => !v)}
          >
            {showChangelog ? 'Hide Changelog' : 'Show Changelog'}
          </button>
        </div>
      </footer>

      {(checking || starting) && <LoadingOverlay />}
      {errorId && !checking && <ConnectionFailedModal errorId={errorId} about={about} onRetry={() => void check()} />}
      {modal === 'name' && !checking && (
        <Suspense fallback={<LoadingOverlay />}>
          <NameEntryModal
            onStart={(n, s, o) => void onStart(n, s, o)}
            onContinue={(id) => navigate(`/game?id=${encodeURIComponent(id)}`)}
            onClose={() => setModal(null)}
            initialName={playAgainName}
          />
        </Suspense>
      )}
      {modal === 'about' && <AboutModal about={about} onClose={() => setModal(null)} />}
      {howToPlay && (
        <Suspense fallback={<LoadingOverlay />}>
          <HowToPlayModal onClose={() => navigate('/')} />
        </Suspense>
      )}
      {notFound && <NotFoundModal onClose={() => navigate('/')} />}
      {audit && (
        <AuditFailureModal
          onClose={() => {
            setSessionId(null);
            useGameStore.getState().setSession(null);
            useGameStore.getState().setAuditFailure(false);
            setAudit(false);
            navigate('/', { replace: true });
          }}
        />
      )}
      {rulesChanged && !audit && (
        <RulesChangedModal
          onNewGame={() => {
            setRulesChanged(false);
            openName();
          }}
          onClose={() => setRulesChanged(false)}
        />
      )}
      {/* a failed start queues an error (or, if the server spoke of the session, a session-lost notice): both are
          answered here, so nothing stays queued in front of the next game's modals */}
      {(headModal?.kind === 'error' || headModal?.kind === 'sessionLost') && !audit && (
        <ErrorModal message={headModal.message} onClose={closeStoreModal} />
      )}
    </div>
  );
}
