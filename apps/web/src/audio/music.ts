// The music (SPEC.md section 9: "music at half volume"): the chiptune loop of chiptune.ts played over and over at
// half the effects' volume. It plays only while all three hold: the player has interacted with the page (browsers
// refuse sound before that, and a game should not start shouting on load), sound is on (the same setting as the
// effects), and the page is visible. The rule is `createMusic`, testable with any player; the Web Audio player
// is `webAudioMusicPlayer`. This module is its own chunk, loaded on the first interaction (audio/init.ts).
import { DEFAULT_SOUND_VOLUME, MUSIC_VOLUME_FACTOR } from '../constants';
import { renderChiptune } from './chiptune';
import { audioContext } from './soundEffects';

/** What plays the loop: start it (from its beginning) or stop it. */
export interface MusicPlayer {
  start(): void;
  stop(): void;
}

export interface MusicConditions {
  interacted: boolean;
  enabled: boolean;
  visible: boolean;
}

export interface Music {
  /** Updates one or more conditions; the player starts or stops when the outcome changes. */
  update(change: Partial<MusicConditions>): void;
  readonly playing: boolean;
}

export function createMusic(player: MusicPlayer, initial: MusicConditions): Music {
  const conditions = { ...initial };
  let playing = false;
  const apply = () => {
    const should = conditions.interacted && conditions.enabled && conditions.visible;
    if (should === playing) return;
    playing = should;
    if (should) player.start();
    else player.stop();
  };
  apply();
  return {
    update(change) {
      Object.assign(conditions, change);
      apply();
    },
    get playing() {
      return playing;
    },
  };
}

/** The loop's volume: half the effects' (0.35 of 0.7). */
export const MUSIC_VOLUME = DEFAULT_SOUND_VOLUME * MUSIC_VOLUME_FACTOR;

/**
 * Plays the loop through Web Audio: rendered once into a buffer on the first start, then a looping buffer source
 * per start. A browser without Web Audio (or one that refuses it) stays silent rather than failing the game.
 */
export function webAudioMusicPlayer(context: () => AudioContext | null = audioContext, volume = MUSIC_VOLUME): MusicPlayer {
  let buffer: AudioBuffer | null = null;
  let source: AudioBufferSourceNode | null = null;
  let output: GainNode | null = null;
  return {
    start() {
      const ctx = context();
      if (!ctx || source) return;
      try {
        if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
        if (!buffer || buffer.sampleRate !== ctx.sampleRate) {
          const samples = renderChiptune(ctx.sampleRate);
          buffer = ctx.createBuffer(1, samples.length, ctx.sampleRate);
          buffer.getChannelData(0).set(samples);
        }
        output = ctx.createGain();
        output.gain.value = volume;
        output.connect(ctx.destination);
        source = ctx.createBufferSource();
        source.buffer = buffer;
        source.loop = true;
        source.connect(output);
        source.start();
      } catch (err) {
        console.warn('music failed', err);
        source = null;
      }
    },
    stop() {
      try {
        source?.stop();
        output?.disconnect();
      } catch {
        // already stopped
      }
      source = null;
      output = null;
    },
  };
}
