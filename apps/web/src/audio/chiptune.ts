// The game's music (SPEC.md section 9): a short chiptune loop written here as note lists and rendered to samples
// in plain code, so it needs no file to fetch and no licence. Four bars in A minor (Am F C G) at 120 BPM: a square
// lead, a thin square arpeggio, a triangle bass and noise hi-hats. Pure and deterministic (the noise comes from a
// fixed LCG), so the same samples every time; every note fades out inside its own step, so the loop has no click.

export const MUSIC_BPM = 120;
/** Sixteenth notes per bar, and bars in the loop. */
const STEPS_PER_BAR = 16;
const BARS = 4;
export const MUSIC_STEPS = STEPS_PER_BAR * BARS;
/** Seconds of one sixteenth note. */
const STEP_SECONDS = 60 / MUSIC_BPM / 4;
/** The loop's length in seconds (8 s at 120 BPM). */
export const MUSIC_LOOP_SECONDS = MUSIC_STEPS * STEP_SECONDS;

type Wave = 'square' | 'pulse' | 'triangle' | 'noise';

/** One note: where it starts and how long it lasts in sixteenths, its MIDI pitch (ignored for noise). */
interface Note {
  step: number;
  length: number;
  pitch: number;
}

interface Voice {
  wave: Wave;
  gain: number;
  notes: Note[];
}

/** Bars of [step in the bar, length, MIDI pitch] laid end to end. */
function bars(...list: [number, number, number][][]): Note[] {
  return list.flatMap((bar, i) => bar.map(([step, length, pitch]) => ({ step: i * STEPS_PER_BAR + step, length, pitch })));
}

// Chord roots of the four bars (A2, F2, C3, G2) and the tones above each root of a minor or major triad.
const ROOTS = [45, 41, 48, 43];
const TRIADS = [
  [0, 3, 7, 12],
  [0, 4, 7, 12],
  [0, 4, 7, 12],
  [0, 4, 7, 12],
];

const LEAD = bars(
  [[0, 4, 76], [4, 2, 74], [6, 2, 72], [8, 4, 69], [12, 4, 72]],
  [[0, 4, 69], [4, 2, 72], [6, 2, 77], [8, 4, 76], [12, 4, 72]],
  [[0, 4, 79], [4, 2, 76], [6, 2, 72], [8, 4, 76], [12, 4, 79]],
  [[0, 6, 74], [6, 2, 71], [8, 4, 74]],
);

const ARPEGGIO: Note[] = Array.from({ length: MUSIC_STEPS }, (_, step) => {
  const bar = Math.floor(step / STEPS_PER_BAR);
  return { step, length: 1, pitch: ROOTS[bar]! + 24 + TRIADS[bar]![step % 4]! };
});

const BASS: Note[] = Array.from({ length: MUSIC_STEPS / 2 }, (_, i) => {
  const bar = Math.floor((i * 2) / STEPS_PER_BAR);
  return { step: i * 2, length: 2, pitch: ROOTS[bar]! + (i % 2 === 0 ? 0 : 12) };
});

/** Hi-hats on the off-beat eighths. */
const HATS: Note[] = Array.from({ length: MUSIC_STEPS / 4 }, (_, i) => ({ step: i * 4 + 2, length: 1, pitch: 0 }));

export const MUSIC_VOICES: Voice[] = [
  { wave: 'square', gain: 0.22, notes: LEAD },
  { wave: 'pulse', gain: 0.07, notes: ARPEGGIO },
  { wave: 'triangle', gain: 0.3, notes: BASS },
  { wave: 'noise', gain: 0.07, notes: HATS },
];

export function midiToHz(pitch: number): number {
  return 440 * 2 ** ((pitch - 69) / 12);
}

/** Attack and release in seconds: short enough for a sixteenth, long enough not to click. */
const ATTACK = 0.004;
const RELEASE = 0.03;

function waveAt(wave: Wave, phase: number, noise: () => number): number {
  switch (wave) {
    case 'square':
      return phase < 0.5 ? 1 : -1;
    case 'pulse':
      return phase < 0.125 ? 1 : -1;
    case 'triangle':
      return 4 * Math.abs(phase - 0.5) - 1;
    case 'noise':
      return noise();
  }
}

/** One channel of the whole loop at `sampleRate`, samples in [-1, 1]. */
export function renderChiptune(sampleRate: number): Float32Array {
  const total = Math.round(MUSIC_LOOP_SECONDS * sampleRate);
  const out = new Float32Array(total);
  let seed = 0x2f6b1d;
  const noise = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 0x80000000 - 1;
  };
  for (const voice of MUSIC_VOICES) {
    for (const note of voice.notes) {
      const start = Math.round(note.step * STEP_SECONDS * sampleRate);
      const length = Math.min(total - start, Math.round(note.length * STEP_SECONDS * sampleRate));
      const hz = midiToHz(note.pitch);
      // a hi-hat is a short tick, not a whole sixteenth of hiss
      const decay = voice.wave === 'noise' ? 0.04 * sampleRate : Infinity;
      let phase = 0;
      for (let i = 0; i < length; i++) {
        const t = i / sampleRate;
        const left = (length - i) / sampleRate;
        const envelope = Math.min(1, t / ATTACK, left / RELEASE) * (decay === Infinity ? 1 : Math.exp(-i / decay));
        out[start + i]! += voice.gain * envelope * waveAt(voice.wave, phase, noise);
        phase = (phase + hz / sampleRate) % 1;
      }
    }
  }
  return out;
}
