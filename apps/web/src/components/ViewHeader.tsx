// The shared view header: a title with 'Stay Here' and 'Fly to...' (each with a spinner while loading).
import { Suspense, useState, type ReactNode } from 'react';
import { Spinner } from './Spinner';
import { hotkeyProps, useHotkeys } from './useHotkeys';
import { useDayEnd } from './DayEnd';
import { useGameStore } from '../store/gameStore';
import { lazyWithPreload } from './lazyWithPreload';

const FlyToModal = lazyWithPreload(() => import('./FlyToModal'));

export function ViewHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING' || s.transition !== null);
  const gs = useGameStore((s) => s.gameState);
  const dayEnd = useDayEnd(gs);
  const [staying, setStaying] = useState(false);
  const [flyOpen, setFlyOpen] = useState(false);
  const [flying, setFlying] = useState(false);

  const onStay = async () => {
    setStaying(true);
    await dayEnd.stay();
    setStaying(false);
  };

  useHotkeys({
    stay: busy ? null : () => void onStay(),
    fly: busy ? null : () => setFlyOpen(true),
  });

  return (
    <header className="view-header">
      <h2 className="view-title">{title}</h2>
      <div className="view-actions">
        {children}
        <button type="button" className="btn" disabled={busy} {...hotkeyProps('stay')} onClick={() => void onStay()}>
          {staying && <Spinner />} Stay Here
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} {...hotkeyProps('fly')} onClick={() => setFlyOpen(true)}>
          {flying && <Spinner />} Fly to...
        </button>
      </div>
      {flyOpen && (
        <Suspense fallback={null}>
          <FlyToModal
            onClose={() => setFlyOpen(false)}
            onFly={(id) => {
              setFlying(true);
              void dayEnd.fly(id).finally(() => setFlying(false));
            }}
          />
        </Suspense>
      )}
      {dayEnd.question}
    </header>
  );
}
