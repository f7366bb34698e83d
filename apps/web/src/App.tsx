import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Announcer } from './components/Announcer';
import { LoadingOverlay } from './components/LoadingOverlay';
import { TitleScreen } from './features/title/TitleScreen';
import { usePageViewTracking } from './analytics/init';
import { loadStrings } from './store/strings';
import { lazyWithPreload, preloadWhenIdle } from './components/lazyWithPreload';
import { useGameStore } from './store/gameStore';
import { prefetchViewData } from './store/viewData';
import { firstScreenReady, whenIdle } from './lib/whenIdle';

// The title screen is in the entry chunk (it is the first thing seen); every other route is its own chunk,
// preloaded after the first screen (Preloader).
const GameScreen = lazyWithPreload(() => import('./features/game/GameScreen'));
const LeaderboardPage = lazyWithPreload(() => import('./features/leaderboard/LeaderboardPage'));
const GameOverPage = lazyWithPreload(() => import('./features/gameover/GameOverPage'));
const ReplayPage = lazyWithPreload(() => import('./features/replay/ReplayPage'));

/**
 * Asks for the chunk of the route the page opens on at once (main.tsx, before React's first render), so it
 * arrives together with the route's data instead of after the shell has rendered.
 */
export function preloadRouteChunk(pathname: string): void {
  const route =
    pathname === '/game'
      ? GameScreen
      : pathname === '/leaderboard'
        ? LeaderboardPage
        : pathname === '/gameover'
          ? GameOverPage
          : pathname.startsWith('/replay/')
            ? ReplayPage
            : null;
  route?.preload().catch(() => undefined); // a failure is the route's own to show when it renders
}

/**
 * Says when the first screen shows its content (lib/whenIdle: idle work waits for it): at once on most pages,
 * on the game screen once the game state is in, so its own requests go first. Then every later chunk (routes,
 * views, modals) is preloaded in idle time.
 */
function Preloader() {
  const { pathname } = useLocation();
  const onGame = pathname === '/game';
  const ready = useGameStore((s) => !onGame || s.gameState !== null);
  const sessionId = useGameStore((s) => s.sessionId);
  const day = useGameStore((s) => s.gameState?.day);
  useEffect(() => {
    if (!ready) return;
    firstScreenReady();
    preloadWhenIdle();
  }, [ready]);
  // and what the game's views show beyond the state (loan-shark offers, chart history, other cities' prices),
  // for each game and day
  useEffect(() => {
    if (ready && onGame && sessionId) whenIdle(prefetchViewData);
  }, [ready, onGame, sessionId, day]);
  return null;
}

function PageViews() {
  usePageViewTracking();
  return null;
}

export function App() {
  // the strings catalogue, once, in idle time after the first screen; the built-in texts serve until (or
  // unless) it arrives
  useEffect(() => {
    whenIdle(() => void loadStrings());
  }, []);
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <Announcer />
      <PageViews />
      <Preloader />
      <Routes>
        <Route path="/" element={<TitleScreen />} />
        <Route path="/how-to-play" element={<TitleScreen howToPlay />} />
        <Route path="/game" element={<GameScreen />} />
        <Route path="/leaderboard" element={<LeaderboardPage />} />
        <Route path="/gameover" element={<GameOverPage />} />
        <Route path="/replay/:id" element={<ReplayPage />} />
        <Route path="*" element={<TitleScreen notFound />} />
      </Routes>
    </Suspense>
  );
}
