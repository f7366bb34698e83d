// The game screen (SPEC.md section 2): entry (URL id or stored id, resume), header, status bar, message log,
// navigation and the current view; the encounter view replaces the views while an encounter or a result
// overlay is on, and the transition screen replaces everything between days.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ERROR_TEXTS } from '../../api/errorCatalogue';
import { focusPageHeading, isAnyModalOpen, Modal } from '../../components/Modal';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { useDocumentTitle } from '../../components/hooks';
import { locationName } from '../../lib/catalogue';
import { encounterTitle } from '../../lib/encounterTitle';
import { useCatalogue } from '../../store/useCatalogue';
import { ShortcutsModal } from '../../components/ShortcutsModal';
import { hotkeyProps, useHotkeys } from '../../components/useHotkeys';
import { CONNECTION_FAILED_RETURN_MS } from '../../constants';
import { getSessionId } from '../../storage/local';
import { catchUp, resumeGame } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { CurrentView } from './CurrentView';
import { GameHeader } from './GameHeader';
import { GameModals } from './GameModals';
import { MessageLog } from './MessageLog';
import { Navigation } from './Navigation';
import { SettingsModal } from './SettingsModal';
import { StatusBar } from './StatusBar';
import { TransitionScreen } from './TransitionScreen';
import { useVersion } from './useVersion';
import { lazyWithPreload } from '../../components/lazyWithPreload';

const EncounterView = lazyWithPreload(() => import('../encounter/EncounterView'));

/** The server's version in the footer: its own component, so the answer re-renders only this text. */
function VersionText() {
  const version = useVersion();
  return version ? <span className="version">v{version}</span> : null;
}

type EntryProblem = { kind: 'notFound' } | { kind: 'connection' } | null;

/** The game screen before there is a game to show (resuming, or a problem): still one main and one h1. */
function EntryScreen({ children }: { children: ReactNode }) {
  return (
    <div className="screen game-screen">
      <main className="game-body" id="main">
        <h1 className="sr-only">DRUG WARS</h1>
        {children}
      </main>
    </div>
  );
}

export default function GameScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urlId = params.get('id');
  const gameState = useGameStore((s) => s.gameState);
  const view = useGameStore((s) => s.view);
  const transition = useGameStore((s) => s.transition);
  const overlay = useGameStore((s) => s.encounterOverlay);
  const redirect = useGameStore((s) => s.redirect);
  const dailyDate = useGameStore((s) => s.dailyDate);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [problem, setProblem] = useState<EntryProblem>(null);
  const [resuming, setResuming] = useState(false);
  const entered = useRef(false);

  // Entry: id from the URL (stored) or the stored one; resume when the state is missing.
  useEffect(() => {
    if (entered.current) return;
    entered.current = true;
    const stored = getSessionId();
    if (!urlId) {
      if (stored) navigate(`/game?id=${encodeURIComponent(stored)}`, { replace: true });
      else navigate('/', { replace: true });
      entered.current = false;
      return;
    }
    const store = useGameStore.getState();
    if (store.gameState && store.sessionId === urlId) return;
    store.setSession(urlId);
    setResuming(true);
    void resumeGame(urlId).then((result) => {
      setResuming(false);
      if (result === 'notFound') setProblem({ kind: 'notFound' });
      else if (result === 'connection') setProblem({ kind: 'connection' });
    });
  }, [urlId, navigate]);

  // 'Failed to connect to server. Please try again.' then back to the title after 3 seconds
  useEffect(() => {
    if (problem?.kind !== 'connection') return;
    const t = setTimeout(() => navigate('/'), CONNECTION_FAILED_RETURN_MS);
    return () => clearTimeout(t);
  }, [problem, navigate]);

  useEffect(() => {
    if (!redirect) return;
    useGameStore.getState().setRedirect(null);
    navigate(redirect);
  }, [redirect, navigate]);

  useEffect(() => {
    if (gameState?.gameOver) navigate('/gameover');
  }, [gameState?.gameOver, navigate]);

  // When the focus has gone with what held it (an encounter or a trip's transition giving way to the views, a view
  // switched by key, a button gone after its move: Heal at full health, Equip), it goes to the view's heading, so a
  // screen reader says where the player is; it is never left on the page body.
  const showingViews = gameState !== null && gameState.encounter === null && overlay === null && transition === null;
  useEffect(() => {
    if (!showingViews || isAnyModalOpen()) return;
    const active = document.activeElement;
    if (!active || active === document.body) focusPageHeading();
  }, [showingViews, view, gameState]);

  // A tab that comes back into view asks whether the game moved on meanwhile (304 when it has not).
  useEffect(() => {
    const onVisible = () => {
      const s = useGameStore.getState();
      if (document.visibilityState === 'visible' && s.uiState === 'IDLE' && !s.transition) void catchUp();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useHotkeys({ help: gameState ? () => setShortcutsOpen(true) : null });

  // the page title follows the game: 'Day 5, Chicago - DRUG WARS', 'ENCOUNTER! Day 5, Chicago - DRUG WARS'
  const catalogue = useCatalogue();
  const where = gameState ? `Day ${Math.min(gameState.day, gameState.maxDays)}, ${locationName(catalogue, gameState.location)}` : null;
  const fight = gameState?.encounter;
  useDocumentTitle(where && fight ? `${encounterTitle(fight)} ${where}` : where);

  if (problem?.kind === 'notFound') {
    return (
      <EntryScreen>
        <Modal title="Session Not Found" className="modal-danger">
          <p>{ERROR_TEXTS.sessionNotFound}</p>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={() => navigate('/')}>
              OK
            </button>
          </div>
        </Modal>
      </EntryScreen>
    );
  }
  if (problem?.kind === 'connection') {
    return (
      <EntryScreen>
        <Modal title="CONNECTION FAILED" className="modal-danger">
          <p>{ERROR_TEXTS.connectFailed}</p>
        </Modal>
      </EntryScreen>
    );
  }
  if (!gameState || resuming) {
    return (
      <EntryScreen>
        <LoadingOverlay />
      </EntryScreen>
    );
  }

  const inEncounter = gameState.encounter !== null || overlay !== null;

  // One `main` holds everything between the header and the footer whatever is showing (views, encounter,
  // transition), so no content sits outside a landmark; modals are dialogs of their own.
  return (
    <div className="screen game-screen">
      <GameHeader onSettings={() => setSettingsOpen(true)} />
      <main className="game-body" id="main">
        <StatusBar />
        {transition ? (
          <TransitionScreen message={transition.message} destination={transition.destination} />
        ) : inEncounter ? (
          <Suspense fallback={<LoadingOverlay />}>
            <EncounterView />
          </Suspense>
        ) : (
          <>
            <MessageLog />
            <Navigation />
            <div className="game-main">
              <Suspense fallback={<p className="loading-inline">Loading...</p>}>
                <CurrentView view={view} />
              </Suspense>
            </div>
          </>
        )}
      </main>
      <footer className="game-footer">
        {gameState.formattedSeed && <span className="seed">Seed: {gameState.formattedSeed}</span>}
        {dailyDate && <span className="seed">DAILY RUN {dailyDate}</span>}
        <VersionText />
        <button type="button" className="link-btn keys-btn" {...hotkeyProps('help')} onClick={() => setShortcutsOpen(true)}>
          Keys
        </button>
      </footer>
      <GameModals />
      {settingsOpen && <SettingsModal onClose={() => setSettingsOpen(false)} />}
      {shortcutsOpen && <ShortcutsModal onClose={() => setShortcutsOpen(false)} />}
    </div>
  );
}
