// Started once by main.tsx (its own chunk): the sound effects the game logic announces, and the music, both
// obeying the sound setting. The music's code loads on the player's first interaction, never before.
import { signals } from '../store/signals';
import { useGameStore } from '../store/gameStore';
import { configureSounds, playSound } from './soundEffects';
import type { Music, MusicConditions } from './music';

let initialized = false;

/**
 * Called once at start-up: plays the sounds the game logic announces, obeying the sound setting. `interacted`
 * says whether the player tapped, clicked or pressed a key before this chunk arrived (main.tsx listens from the
 * start); without it the browser's sticky activation answers.
 */
export function init(interacted: () => boolean = pageWasActivated): void {
  if (initialized) return;
  initialized = true;
  configureSounds({ isEnabled: () => useGameStore.getState().settings.soundEnabled });
  signals.subscribe((signal) => {
    if (signal.type === 'sound') playSound(signal.name);
  });
  startMusicAfterFirstInteraction({
    loadMusic: (conditions) => import('./music').then((m) => m.createMusic(m.webAudioMusicPlayer(), conditions)),
    isEnabled: () => useGameStore.getState().settings.soundEnabled,
    onEnabledChange: (listener) => useGameStore.subscribe((s) => listener(s.settings.soundEnabled)),
    alreadyInteracted: interacted,
  });
}

export interface MusicWiring {
  /** Loads the music (a chunk of its own) and starts it under these conditions. */
  loadMusic: (conditions: MusicConditions) => Promise<Music>;
  isEnabled: () => boolean;
  onEnabledChange: (listener: (enabled: boolean) => void) => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  page?: Pick<Document, 'addEventListener' | 'visibilityState'>;
  /** Whether the player interacted before this code loaded (it is a chunk that arrives after the first paint). */
  alreadyInteracted?: () => boolean;
}

function pageWasActivated(): boolean {
  return typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive === true;
}

/** The events that count as the player's first interaction (a tap, a click or a key). */
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * Waits for the player's first interaction, then loads the music and keeps it in step with the sound setting and
 * the page's visibility. Nothing is loaded or played before that interaction.
 */
export function startMusicAfterFirstInteraction({
  loadMusic,
  isEnabled,
  onEnabledChange,
  target = window,
  page = document,
  alreadyInteracted = pageWasActivated,
}: MusicWiring): void {
  const first = () => {
    for (const type of FIRST_INTERACTION) target.removeEventListener(type, first, true);
    const visible = () => page.visibilityState !== 'hidden';
    loadMusic({ interacted: true, enabled: isEnabled(), visible: visible() })
      .then((music) => {
        // the setting or the page may have changed while the chunk loaded
        music.update({ enabled: isEnabled(), visible: visible() });
        onEnabledChange((enabled) => music.update({ enabled }));
        page.addEventListener('visibilitychange', () => music.update({ visible: visible() }));
      })
      .catch((err: unknown) => console.warn('music failed to load', err));
  };
  if (alreadyInteracted()) first();
  else for (const type of FIRST_INTERACTION) target.addEventListener(type, first, true);
}
