// Wires analytics to the app: the state getter, and the game's signals
// (funnel stages, navigation, transactions, game events, actions) turned into tracking calls.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useGameStore } from '../store/gameStore';
import { signals, type GameSignal } from '../store/signals';
import { whenIdle } from '../lib/whenIdle';
import { configureAnalytics, landingNow, startAnalytics, trackEvent, trackFunnel, trackPageView, type AnalyticsEvent } from './analytics';

export function eventForSignal(signal: GameSignal): AnalyticsEvent | null {
  switch (signal.type) {
    case 'navigation':
      return { type: 'navigation', category: 'action', action: 'travel', label: signal.to, data: { from: signal.from, to: signal.to } };
    case 'transaction':
      return {
        type: 'transaction',
        category: 'transaction',
        action: signal.action,
        label: signal.drugId,
        value: signal.quantity * signal.price,
        data: { drugId: signal.drugId, quantity: signal.quantity, price: signal.price },
      };
    case 'gameEvent': {
      const e = signal.event;
      const combat = e.category === 'combat' || e.category === 'loan_shark';
      return {
        type: 'game_event',
        category: combat ? 'combat' : 'action',
        action: e.category,
        label: e.message.slice(0, 120),
        data: combat ? { action: e.encounter?.type ?? e.category, outcome: 'started' } : { type: e.type },
      };
    }
    case 'action':
      return { type: 'action', category: 'ui', action: signal.action, label: signal.label, value: signal.value };
    default:
      return null;
  }
}

/** Funnel stages past game_start (SPEC.md section 7: "action and transaction stages"), each once per game. */
export const FIRST_ACTION_STAGE = 'first_action';
export const FIRST_TRANSACTION_STAGE = 'first_transaction';

/** The funnel stage a signal reaches for the first time in this game, or null; `reached` remembers them. */
export function funnelStageForSignal(signal: GameSignal, reached: Set<string>): string | null {
  let stage: string | null = null;
  if (signal.type === 'transaction') stage = FIRST_TRANSACTION_STAGE;
  else if (signal.type === 'navigation' || signal.type === 'action') stage = FIRST_ACTION_STAGE;
  if (stage === null || reached.has(stage)) return null;
  reached.add(stage);
  return stage;
}

let initialized = false;
const reachedStages = new Set<string>();

/** Called once at start-up. */
export function init(): void {
  if (initialized) return;
  initialized = true;
  configureAnalytics({
    getGameState: () => useGameStore.getState().gameState,
  });
  signals.subscribe((signal) => {
    if (signal.type === 'funnel') {
      if (signal.stage === 'game_start') reachedStages.clear(); // a new game: its first action and trade count again
      void trackFunnel(signal.stage, signal.sessionId ?? null);
      return;
    }
    const stage = funnelStageForSignal(signal, reachedStages);
    if (stage) void trackFunnel(stage);
    const event = eventForSignal(signal);
    if (event) void trackEvent(event);
  });
  // The visitor and the first page view wait for an idle moment after the first screen (two requests fewer
  // in front of the game's own); the funnel's clock still starts now.
  const landing = landingNow();
  whenIdle(() => void startAnalytics(landing));
}

/** Page views on route changes after the first (startAnalytics sends the first). Mount once under the router. */
export function usePageViewTracking(): void {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!initialized) return;
    void trackPageView(location.pathname);
  }, [location.pathname]);
}
