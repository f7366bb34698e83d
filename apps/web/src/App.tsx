import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingOverlay } from './components/LoadingOverlay';
import { TitleScreen } from './features/title/TitleScreen';
import { usePageViewTracking } from './analytics/init';
import { loadStrings } from './store/strings';

// The title screen is in the entry chunk (it is the first thing seen); every other route is its own chunk.
const GameScreen = lazy(() => import('./features/game/GameScreen'));
const LeaderboardPage = lazy(() => import('./features/leaderboard/LeaderboardPage'));
const GameOverPage = lazy(() => import('./features/gameover/GameOverPage'));
const ReplayPage = lazy(() => import('./features/replay/ReplayPage'));

function PageViews() {
  usePageViewTracking();
  return null;
}

export function App() {
  // the strings catalogue, once; the built-in texts serve until (or unless) it arrives
  useEffect(() => {
    void loadStrings();
  }, []);
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <PageViews />
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
