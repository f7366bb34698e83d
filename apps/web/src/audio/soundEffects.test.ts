import { describe, expect, it, vi } from 'vitest';
import { configureSounds, loanSharkWarningSound, playSound, resolveSoundName, SOUND_RECIPES } from './soundEffects';

describe('sound names', () => {
  it('has an effect for every SPEC.md section 9 event and weapon id', () => {
    const needed = [
      'loan_shark_warning_1', 'loan_shark_warning_2', 'loan_shark_warning_3', 'loan_shark_warning_4',
      'player_damage', 'jail', 'plane', 'superb', 'game_over',
      'knife', 'pistol', 'cheap_pistol', 'shotgun', 'machine_gun', 'grenade', 'rocket_launcher', 'area_disruptor',
    ];
    for (const name of needed) expect(SOUND_RECIPES[name as keyof typeof SOUND_RECIPES]?.length).toBeGreaterThan(0);
  });
  it('resolves the spellings the game sends', () => {
    expect(resolveSoundName('loan_shark_3')).toBe('loan_shark_warning_3');
    expect(resolveSoundName('loanSharkWarning2')).toBe('loan_shark_warning_2');
    expect(resolveSoundName('game-over')).toBe('game_over');
    expect(resolveSoundName('gameover')).toBe('game_over');
    expect(resolveSoundName('rocket_launcher')).toBe('rocket_launcher');
    expect(resolveSoundName('kazoo')).toBeNull();
    expect(loanSharkWarningSound(9)).toBe('loan_shark_warning_4');
    expect(loanSharkWarningSound(0)).toBe('loan_shark_warning_1');
  });
});

describe('playSound', () => {
  it('obeys the sound setting and plays at volume 0.7', () => {
    const gains: { gain: { value: number } }[] = [];
    const param = () => ({ value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
    const node = () => ({ connect: vi.fn(), start: vi.fn(), stop: vi.fn() });
    const created = vi.fn();
    class FakeContext {
      state = 'running';
      currentTime = 0;
      sampleRate = 8000;
      destination = {};
      constructor() {
        created();
      }
      createGain() {
        const g = { ...node(), gain: param() };
        gains.push(g);
        return g;
      }
      createOscillator() {
        return { ...node(), type: 'sine', frequency: param() };
      }
      createBufferSource() {
        return { ...node(), buffer: null };
      }
      createBiquadFilter() {
        return { ...node(), type: 'lowpass', frequency: param() };
      }
      createBuffer(_c: number, length: number) {
        return { sampleRate: 8000, getChannelData: () => new Float32Array(length) };
      }
      resume() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeContext);
    configureSounds({ isEnabled: () => false });
    expect(playSound('plane')).toBe(false);
    expect(created).not.toHaveBeenCalled();
    configureSounds({ isEnabled: () => true });
    expect(playSound('plane')).toBe(true);
    expect(gains[0]?.gain.value).toBe(0.7);
    expect(playSound('no_such_sound')).toBe(false);
    vi.unstubAllGlobals();
  });
});
