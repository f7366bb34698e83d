import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SOUND_VOLUME } from '../constants';
import { MUSIC_LOOP_SECONDS, MUSIC_STEPS, MUSIC_VOICES, renderChiptune } from './chiptune';
import { startMusicAfterFirstInteraction } from './init';
import { createMusic, MUSIC_VOLUME, webAudioMusicPlayer, type Music, type MusicConditions } from './music';

function fakePlayer() {
  const log: string[] = [];
  return { log, player: { start: () => log.push('start'), stop: () => log.push('stop') } };
}

describe('the music rule', () => {
  it('plays only after an interaction, with sound on and the page visible; each change starts or stops it once', () => {
    const { log, player } = fakePlayer();
    const music = createMusic(player, { interacted: false, enabled: true, visible: true });
    expect(music.playing).toBe(false);
    music.update({ interacted: true });
    expect(log).toEqual(['start']);
    music.update({ enabled: true }); // no change, no second start
    music.update({ enabled: false });
    expect(log).toEqual(['start', 'stop']);
    music.update({ visible: false });
    music.update({ enabled: true }); // hidden page: still silent
    expect(music.playing).toBe(false);
    music.update({ visible: true });
    expect(log).toEqual(['start', 'stop', 'start']);
  });
});

describe('the first interaction', () => {
  function harness(enabled: boolean, alreadyInteracted = false) {
    const target = new EventTarget();
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    let setting = enabled;
    let listener: ((on: boolean) => void) | null = null;
    const { log, player } = fakePlayer();
    let music: Music | null = null;
    const loadMusic = vi.fn((conditions: MusicConditions) => {
      music = createMusic(player, conditions);
      return Promise.resolve(music);
    });
    startMusicAfterFirstInteraction({
      loadMusic,
      isEnabled: () => setting,
      onEnabledChange: (l) => (listener = l),
      target: target as unknown as Window,
      page: page as unknown as Document,
      alreadyInteracted: () => alreadyInteracted,
    });
    const toggle = (on: boolean) => {
      setting = on;
      listener?.(on);
    };
    return { target, page, log, loadMusic, toggle };
  }

  it('loads nothing before it; a key or a tap then starts the music, which follows the sound toggle and the page', async () => {
    const h = harness(true);
    expect(h.loadMusic).not.toHaveBeenCalled();
    h.target.dispatchEvent(new Event('keydown'));
    h.target.dispatchEvent(new Event('pointerdown')); // only the first counts
    await Promise.resolve();
    await Promise.resolve();
    expect(h.loadMusic).toHaveBeenCalledTimes(1);
    expect(h.log).toEqual(['start']);
    h.toggle(false);
    expect(h.log).toEqual(['start', 'stop']);
    h.toggle(true);
    h.page.visibilityState = 'hidden';
    h.page.dispatchEvent(new Event('visibilitychange'));
    expect(h.log).toEqual(['start', 'stop', 'start', 'stop']);
  });

  it('a player who interacted before the audio code arrived hears the music at once', async () => {
    const h = harness(true, true);
    expect(h.loadMusic).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(h.log).toEqual(['start']);
  });

  it('with sound off it stays silent until sound is turned on', async () => {
    const h = harness(false);
    h.target.dispatchEvent(new Event('pointerdown'));
    await Promise.resolve();
    await Promise.resolve();
    expect(h.log).toEqual([]);
    h.toggle(true);
    expect(h.log).toEqual(['start']);
  });
});

describe('the chiptune loop', () => {
  it('is 8 seconds of four bars, within [-1, 1], silent at both ends (no click when it loops), and the same every time', () => {
    expect(MUSIC_STEPS).toBe(64);
    expect(MUSIC_LOOP_SECONDS).toBe(8);
    const samples = renderChiptune(8000);
    expect(samples.length).toBe(64_000);
    let peak = 0;
    for (const s of samples) peak = Math.max(peak, Math.abs(s));
    expect(peak).toBeGreaterThan(0.2);
    expect(peak).toBeLessThanOrEqual(1);
    expect(Math.abs(samples[0]!)).toBeLessThan(0.01);
    expect(Math.abs(samples[samples.length - 1]!)).toBeLessThan(0.01);
    expect(renderChiptune(8000)).toEqual(samples);
    // every voice stays inside the loop
    for (const voice of MUSIC_VOICES) for (const note of voice.notes) expect(note.step + note.length).toBeLessThanOrEqual(MUSIC_STEPS);
  });
});

describe('the Web Audio player', () => {
  it('loops the rendered track at half the effects volume, renders it once, and stops it', () => {
    expect(MUSIC_VOLUME).toBe(DEFAULT_SOUND_VOLUME / 2);
    const sources: { loop: boolean; start: () => void; stop: () => void; started: number; stopped: number }[] = [];
    const gains: { gain: { value: number } }[] = [];
    let buffers = 0;
    const ctx = {
      state: 'running',
      sampleRate: 4000,
      destination: {},
      createBuffer: (_c: number, length: number, sampleRate: number) => {
        buffers++;
        const data = new Float32Array(length);
        return { sampleRate, getChannelData: () => data };
      },
      createGain: () => {
        const g = { gain: { value: 1 }, connect: vi.fn(), disconnect: vi.fn() };
        gains.push(g);
        return g;
      },
      createBufferSource: () => {
        const s = {
          buffer: null,
          loop: false,
          started: 0,
          stopped: 0,
          connect: vi.fn(),
          start: () => void s.started++,
          stop: () => void s.stopped++,
        };
        sources.push(s);
        return s;
      },
    };
    const player = webAudioMusicPlayer(() => ctx as unknown as AudioContext);
    player.start();
    player.start(); // already playing: nothing more
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ loop: true, started: 1 });
    player.stop();
    expect(sources[0]!.stopped).toBe(1);
    player.start();
    expect(sources).toHaveLength(2);
    expect(buffers).toBe(1);
    expect(gains.map((g) => g.gain.value)).toEqual([MUSIC_VOLUME, MUSIC_VOLUME]);
  });
});
