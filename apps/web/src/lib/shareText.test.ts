import { describe, expect, it } from 'vitest';
import { replayUrl, shareText } from './shareText';

const base = { score: 1_234_567, day: 30, copsKilled: 3, died: false, place: 12, replayUrl: 'https://drugwars.example/replay/42' };

describe('shareText', () => {
  it("reads like the issue's example for a Daily Run, with the replay link on its own line", () => {
    expect(shareText({ ...base, board: 'daily', dailyDate: '2026-11-24' })).toBe(
      'DRUG WARS Daily 2026-11-24: $1,234,567, day 30, 3 cops down, #12 today\nhttps://drugwars.example/replay/42',
    );
  });

  it('names a ranked game plainly, a practice run as practice without a place, one cop, no cops, and a death', () => {
    expect(shareText({ ...base, board: 'ranked', dailyDate: null, copsKilled: 1, place: 1 })).toBe(
      'DRUG WARS: $1,234,567, day 30, 1 cop down, #1 today\nhttps://drugwars.example/replay/42',
    );
    expect(shareText({ ...base, board: 'practice', dailyDate: '2026-11-24', copsKilled: 0, place: null })).toBe(
      'DRUG WARS Daily 2026-11-24 (practice): $1,234,567, day 30\nhttps://drugwars.example/replay/42',
    );
    expect(shareText({ ...base, board: 'ranked', dailyDate: null, score: -2_500, day: 12, died: true, copsKilled: 0, place: 40 })).toBe(
      'DRUG WARS: -$2,500, R.I.P. on day 12, #40 today\nhttps://drugwars.example/replay/42',
    );
  });

  it('builds the replay address from the site origin', () => {
    expect(replayUrl('http://127.0.0.1:3000', 7)).toBe('http://127.0.0.1:3000/replay/7');
  });
});
