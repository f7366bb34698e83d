// The longest game the caps allow, on both databases: resuming it (an audit of the whole log) and submitting its
// score (another audit) keep the event loop responsive. The audit replays the log a slice at a time
// (services/logReplay.ts); a probe scheduled on the event loop counts how often it got to run during each call
// and the longest gap between two of its runs. The assertion is on the count (at least one turn per
// REPLAY_SLICE_ACTIONS actions replayed, a bound that does not depend on the machine's speed); the times are
// printed as figures, not asserted.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_ACTION_CAPS } from '../src/services/actionCaps';
import { REPLAY_SLICE_ACTIONS } from '../src/services/logReplay';
import { describeEachStorage } from './support/storageTargets';
import { call, createTestApp, type TestApp } from './support/testApp';
import { playLongestGame, startGame } from './support/games';

const CAPS = DEFAULT_ACTION_CAPS;

interface Probe {
  turns: number;
  longestGapMs: number;
  stop(): { turns: number; longestGapMs: number; p99DelayMs: number; maxDelayMs: number };
}

/** Counts event-loop turns (setImmediate) and the longest wait between two, plus Node's loop-delay histogram. */
function probeEventLoop(): Probe {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let running = true;
  let last = performance.now();
  const probe: Probe = {
    turns: 0,
    longestGapMs: 0,
    stop() {
      running = false;
      histogram.disable();
      return { turns: probe.turns, longestGapMs: probe.longestGapMs, p99DelayMs: histogram.percentile(99) / 1e6, maxDelayMs: histogram.max / 1e6 };
    },
  };
  const tick = () => {
    if (!running) return;
    const now = performance.now();
    probe.longestGapMs = Math.max(probe.longestGapMs, now - last);
    last = now;
    probe.turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return probe;
}

async function measured<T>(label: string, run: () => Promise<T>): Promise<{ result: T; turns: number }> {
  const probe = probeEventLoop();
  const started = performance.now();
  const result = await run();
  const elapsedMs = performance.now() - started;
  const seen = probe.stop();
  console.info(
    `${label}: ${elapsedMs.toFixed(1)} ms; event loop: ${seen.turns} turns, longest gap ${seen.longestGapMs.toFixed(1)} ms, ` +
      `delay p99 ${seen.p99DelayMs.toFixed(1)} ms, max ${seen.maxDelayMs.toFixed(1)} ms`,
  );
  return { result, turns: seen.turns };
}

describeEachStorage('the longest allowed game', (target) => {
  let t: TestApp;
  let sessionId: string;
  beforeAll(async () => {
    t = await createTestApp(target, { actionCaps: CAPS });
    ({ sessionId } = await startGame(t.app, { playerName: 'marathon', seed: null }));
    const end = await playLongestGame(t.app, t.storage, sessionId, CAPS);
    expect(end.gameOver).toBe(true);
  }, 600_000);
  afterAll(async () => {
    await t.close();
  });

  it(`holds ${CAPS.perGame} actions, and the next one is refused`, async () => {
    expect(await t.storage.sessions.actions(sessionId)).toHaveLength(CAPS.perGame);
    const more = await call(t.app, 'POST', '/api/game/stay', { sessionId, body: {} });
    expect(more.statusCode).toBe(409);
  });

  it('resume audits it while the event loop keeps turning', async () => {
    const { result, turns } = await measured(`resume of a ${CAPS.perGame}-action game [${target.name}]`, () =>
      call(t.app, 'POST', '/api/game/resume', { body: { sessionId } }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(CAPS.perGame / REPLAY_SLICE_ACTIONS));
  });

  it('submit audits it while the event loop keeps turning, and scores it', async () => {
    const { result, turns } = await measured(`submit of a ${CAPS.perGame}-action game [${target.name}]`, () =>
      call(t.app, 'POST', '/api/leaderboard/submit', { sessionId, body: {} }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(CAPS.perGame / REPLAY_SLICE_ACTIONS));
  });

  it('eight resumes at once leave room for a health check between their slices', async () => {
    const probe = probeEventLoop();
    const started = performance.now();
    const resumes = Array.from({ length: 8 }, () => call(t.app, 'POST', '/api/game/resume', { body: { sessionId } }));
    const health = call(t.app, 'GET', '/api/health').then((r) => ({ status: r.statusCode, ms: performance.now() - started }));
    const [healthReply, ...replies] = await Promise.all([health, ...resumes]);
    const allMs = performance.now() - started;
    const seen = probe.stop();
    console.info(
      `8 resumes at once [${target.name}]: all done in ${allMs.toFixed(1)} ms; /api/health answered after ${healthReply.ms.toFixed(1)} ms; ` +
        `longest event-loop gap ${seen.longestGapMs.toFixed(1)} ms`,
    );
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect(healthReply.status).toBe(200);
    expect(seen.turns).toBeGreaterThanOrEqual(Math.floor((8 * CAPS.perGame) / REPLAY_SLICE_ACTIONS));
  });
});
