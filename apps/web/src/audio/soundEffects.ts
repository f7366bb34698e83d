// Sound effects of SPEC.md section 9, synthesized with the Web Audio API (no files to fetch): loan-shark
// warnings 1-4, player damage, jail, plane, 'superb', game over, and one per weapon id. Volume 0.7.
// Every effect obeys the sound setting; a browser without Web Audio (or one that refuses to start it) is
// silent rather than failing the game.
import { loanSharkSound, type WeaponId } from '@drugwars/engine';
import { DEFAULT_SOUND_VOLUME } from '../constants';
import { getSoundEnabled } from '../storage/local';

export type SoundName =
  | 'loan_shark_warning_1'
  | 'loan_shark_warning_2'
  | 'loan_shark_warning_3'
  | 'loan_shark_warning_4'
  | 'player_damage'
  | 'jail'
  | 'plane'
  | 'superb'
  | 'game_over'
  | 'miss'
  | WeaponId;

/** One synthesized part: an oscillator sweep or a filtered noise burst, times in seconds from the start. */
type Part =
  | { kind: 'tone'; wave: OscillatorType; from: number; to: number; at: number; length: number; gain: number }
  | { kind: 'noise'; at: number; length: number; gain: number; filterHz: number };

function tone(wave: OscillatorType, from: number, to: number, at: number, length: number, gain = 0.5): Part {
  return { kind: 'tone', wave, from, to, at, length, gain };
}
function noise(at: number, length: number, filterHz: number, gain = 0.6): Part {
  return { kind: 'noise', at, length, gain, filterHz };
}

function warning(level: number): Part[] {
  // A menacing two-note motif that gets lower, longer and louder with each visit.
  const base = 220 / level;
  const parts: Part[] = [];
  for (let i = 0; i < level + 1; i++) {
    parts.push(tone('sawtooth', base * 2, base * 2, i * 0.25, 0.18, 0.3 + level * 0.05));
    parts.push(tone('square', base * 1.5, base, i * 0.25 + 0.1, 0.14, 0.2 + level * 0.05));
  }
  return parts;
}

export const SOUND_RECIPES: Record<SoundName, Part[]> = {
  loan_shark_warning_1: warning(1),
  loan_shark_warning_2: warning(2),
  loan_shark_warning_3: warning(3),
  loan_shark_warning_4: warning(4),
  player_damage: [tone('square', 300, 80, 0, 0.18, 0.5), noise(0, 0.12, 1200, 0.4)],
  jail: [tone('square', 660, 660, 0, 0.2), tone('square', 440, 440, 0.25, 0.2), tone('square', 660, 660, 0.5, 0.2), tone('square', 440, 440, 0.75, 0.2), noise(1.0, 0.25, 300, 0.7)],
  plane: [noise(0, 1.0, 600, 0.35), tone('sawtooth', 90, 160, 0, 1.0, 0.15)],
  superb: [tone('triangle', 523, 523, 0, 0.12), tone('triangle', 659, 659, 0.12, 0.12), tone('triangle', 784, 784, 0.24, 0.12), tone('triangle', 1047, 1047, 0.36, 0.3)],
  game_over: [tone('sawtooth', 392, 392, 0, 0.35, 0.4), tone('sawtooth', 330, 330, 0.35, 0.35, 0.4), tone('sawtooth', 262, 262, 0.7, 0.35, 0.4), tone('sawtooth', 196, 110, 1.05, 0.9, 0.4)],
  miss: [tone('sine', 900, 500, 0, 0.12, 0.25)],
  knife: [noise(0, 0.08, 5000, 0.5), tone('triangle', 1800, 900, 0, 0.08, 0.2)],
  cheap_pistol: [noise(0, 0.1, 2500, 0.7), tone('square', 200, 60, 0, 0.1, 0.3)],
  pistol: [noise(0, 0.14, 2000, 0.8), tone('square', 180, 50, 0, 0.14, 0.35)],
  shotgun: [noise(0, 0.3, 900, 1), tone('square', 120, 40, 0, 0.25, 0.4)],
  machine_gun: [0, 0.08, 0.16, 0.24, 0.32, 0.4].map((at) => noise(at, 0.06, 2200, 0.7)),
  grenade: [tone('sine', 800, 300, 0, 0.4, 0.15), noise(0.45, 0.7, 400, 1), tone('sine', 80, 30, 0.45, 0.7, 0.6)],
  rocket_launcher: [noise(0, 0.5, 1500, 0.5), tone('sawtooth', 200, 600, 0, 0.5, 0.2), noise(0.55, 0.9, 300, 1), tone('sine', 70, 25, 0.55, 0.9, 0.7)],
  area_disruptor: [tone('sine', 100, 1600, 0, 0.6, 0.35), tone('square', 1600, 80, 0.6, 0.6, 0.25), noise(0.6, 0.6, 700, 0.6)],
};

const SOUND_NAMES = Object.keys(SOUND_RECIPES) as SoundName[];

/**
 * Maps a sound name as the server or a caller spells it ('loan_shark_warning_2', 'loanSharkWarning2',
 * 'game-over', 'gameover') to one of ours, or null when we have no such effect.
 */
export function resolveSoundName(name: string): SoundName | null {
  const snake = name
    .replace(/([a-z])([A-Z0-9])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  if ((SOUND_NAMES as string[]).includes(snake)) return snake as SoundName;
  const compact = snake.replace(/_/g, '');
  const match = SOUND_NAMES.find((n) => n.replace(/_/g, '') === compact);
  if (match) return match;
  if (compact === 'damage' || compact === 'hit' || compact === 'hurt') return 'player_damage';
  const warningLevel = /^loan_?shark(?:_?(?:warning|visit))?_?(\d)$/.exec(snake);
  if (warningLevel) return loanSharkWarningSound(Number(warningLevel[1]));
  return null;
}

/** The warning for a loan-shark visit number (the engine's choice: visits 1..4, and 4 from then on), typed. */
export function loanSharkWarningSound(visitNumber: number): SoundName {
  return loanSharkSound(Math.floor(visitNumber) || 1) as SoundName;
}

interface SoundOptions {
  isEnabled: () => boolean;
  volume: number;
}

const options: SoundOptions = { isEnabled: getSoundEnabled, volume: DEFAULT_SOUND_VOLUME };

/** Lets the app read the setting from its store instead of local storage. */
export function configureSounds(next: Partial<SoundOptions>): void {
  Object.assign(options, next);
}

let context: AudioContext | null = null;
let noiseBuffer: AudioBuffer | null = null;

/** The one AudioContext of the page (effects and music), created on first use; null without Web Audio. */
export function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor: typeof AudioContext | undefined =
    globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

function whiteNoise(ctx: AudioContext): AudioBuffer {
  if (noiseBuffer && noiseBuffer.sampleRate === ctx.sampleRate) return noiseBuffer;
  const buffer = ctx.createBuffer(1, ctx.sampleRate * 2, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  noiseBuffer = buffer;
  return buffer;
}

function schedule(ctx: AudioContext, out: AudioNode, part: Part, start: number): void {
  const at = start + part.at;
  const end = at + part.length;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(part.gain, at);
  gain.gain.exponentialRampToValueAtTime(0.001, end);
  gain.connect(out);
  if (part.kind === 'tone') {
    const osc = ctx.createOscillator();
    osc.type = part.wave;
    osc.frequency.setValueAtTime(part.from, at);
    if (part.to !== part.from) osc.frequency.exponentialRampToValueAtTime(part.to, end);
    osc.connect(gain);
    osc.start(at);
    osc.stop(end);
  } else {
    const src = ctx.createBufferSource();
    src.buffer = whiteNoise(ctx);
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = part.filterHz;
    src.connect(filter);
    filter.connect(gain);
    src.start(at);
    src.stop(end);
  }
}

/** Plays an effect if sound is on. Unknown names are ignored. Returns whether anything was scheduled. */
export function playSound(name: string): boolean {
  if (!options.isEnabled()) return false;
  const resolved = resolveSoundName(name);
  if (!resolved) return false;
  const ctx = audioContext();
  if (!ctx) return false;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const master = ctx.createGain();
    master.gain.value = options.volume;
    master.connect(ctx.destination);
    for (const part of SOUND_RECIPES[resolved]) schedule(ctx, master, part, ctx.currentTime + 0.01);
    return true;
  } catch (err) {
    console.warn('sound failed', err);
    return false;
  }
}
