// The hospital: health x/100 with its colour class; heal for the server's cost; 'You're in perfect health!'
// H heals fully.
import { useEffect, useState } from 'react';
import { MAX_HEALTH } from '@drugwars/engine';
import { api } from '../../api/client';
import { hotkeyProps, useHotkeys } from '../../components/useHotkeys';
import { ViewHeader } from '../../components/ViewHeader';
import { formatMoney, healthClass } from '../../lib/format';
import { heal } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';

export function HospitalView() {
  const gs = useGameStore((s) => s.gameState);
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const [cost, setCost] = useState<number | null>(null);
  const health = gs ? Math.round(gs.player.health) : 0;

  useEffect(() => {
    if (health >= MAX_HEALTH) return;
    let cancelled = false;
    api
      .hospitalCost()
      .then((r) => {
        if (!cancelled) setCost(r.cost);
      })
      .catch((err) => console.warn('hospital cost failed', err)); // only logged (SPEC.md section 8)
    return () => {
      cancelled = true;
    };
  }, [health]);

  const canHeal = !!gs && !busy && health < MAX_HEALTH && cost !== null && gs.player.cash >= cost;
  useHotkeys({ healFully: canHeal && (() => void heal()) });

  if (!gs) return null;
  return (
    <section className="view hospital-view">
      <ViewHeader title="Hospital" />
      <p className={`health-line health-${healthClass(health)}`}>Health: {health}/{MAX_HEALTH}</p>
      {health < MAX_HEALTH ? (
        cost !== null && (
          <>
            <p>Patching you up costs {formatMoney(cost)}.</p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || gs.player.cash < cost}
              {...hotkeyProps('healFully')}
              onClick={() => void heal()}
            >
              Heal for {formatMoney(cost)}
            </button>
          </>
        )
      ) : (
        <p className="success-text">{"You're in perfect health!"}</p>
      )}
    </section>
  );
}
