// A tiny synchronous signal bus so the game logic can announce things (sounds, analytics) without importing
// the modules that react to them (audio/ and analytics/ subscribe at start-up).
import type { ClientGameEvent } from '@drugwars/engine';

export type GameSignal =
  | { type: 'sound'; name: string }
  | { type: 'navigation'; from: string; to: string }
  | { type: 'funnel'; stage: string; sessionId?: string | null }
  | { type: 'transaction'; action: 'buy' | 'sell'; drugId: string; quantity: number; price: number }
  | { type: 'gameEvent'; event: ClientGameEvent }
  | { type: 'action'; action: string; label?: string; value?: number };

type Listener = (signal: GameSignal) => void;
const listeners = new Set<Listener>();

export const signals = {
  emit(signal: GameSignal): void {
    for (const l of listeners) {
      try {
        l(signal);
      } catch (err) {
        // a listener (sound, analytics) must never break the game
        console.warn('signal listener failed', err);
      }
    }
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
