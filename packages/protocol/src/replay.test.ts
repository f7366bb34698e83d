// The replay schemas must describe the engine's story exactly (the serializer drops what they do not declare):
// these assertions fail to compile (tsc -p packages/protocol) as soon as either side changes without the other,
// and a real story is checked against the schema at run time.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { replayStory, type ReplayDay, type ReplayStep } from '@drugwars/engine';
import type { Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ReplayDaySchema, type ReplayStepSchema } from './replay';

type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const step: MutuallyAssignable<Static<typeof ReplayStepSchema>, ReplayStep> = true;
const day: MutuallyAssignable<Static<typeof ReplayDaySchema>, ReplayDay> = true;

describe('replay schema', () => {
  it('matches the engine types (checked by the compiler)', () => {
    expect([step, day]).toEqual([true, true]);
    expectTypeOf<Static<typeof ReplayDaySchema>>().toEqualTypeOf<ReplayDay>();
  });

  it('accepts a real story, trades, trips and fights included', () => {
    const opts = { playerName: 'Schema', seed: '0000000000004242', isSeeded: true };
    const story = replayStory(opts, [
      { type: 'buy', drugId: 'weed', quantity: 1 },
      { type: 'deposit', amount: 10 },
      ...Array.from({ length: 12 }, () => ({ type: 'stay' as const })),
    ]);
    const check = Compile(ReplayDaySchema);
    for (const d of story.days) expect(check.Check(d), JSON.stringify([...check.Errors(d)].slice(0, 3))).toBe(true);
    expect(story.days.length).toBeGreaterThan(1);
  });
});
