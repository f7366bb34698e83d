import { signals } from '../store/signals';
import { useGameStore } from '../store/gameStore';
import { configureSounds, playSound } from './soundEffects';

let initialized = false;

/** Called once at start-up: plays the sounds the game logic announces, obeying the sound setting. */
export function init(): void {
  if (initialized) return;
  initialized = true;
  configureSounds({ isEnabled: () => useGameStore.getState().settings.soundEnabled });
  signals.subscribe((signal) => {
    if (signal.type === 'sound') playSound(signal.name);
  });
}
