import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion, transitionMs } from './motion';

afterEach(() => vi.unstubAllGlobals());

describe('transitionMs', () => {
  it("keeps SPEC.md's 1050/800 ms at NORMAL, shortens them at FAST and drops them at SKIP", () => {
    expect([transitionMs('travel', 'normal', false), transitionMs('sleep', 'normal', false)]).toEqual([1050, 800]);
    expect(transitionMs('travel', 'fast', false)).toBeLessThan(1050);
    expect(transitionMs('sleep', 'fast', false)).toBeLessThan(800);
    expect([transitionMs('travel', 'skip', false), transitionMs('sleep', 'skip', false)]).toEqual([0, 0]);
  });

  it('plays NORMAL as FAST with reduced motion, and never lengthens SKIP', () => {
    expect(transitionMs('travel', 'normal', true)).toBe(transitionMs('travel', 'fast', false));
    expect(transitionMs('sleep', 'normal', true)).toBe(transitionMs('sleep', 'fast', false));
    expect(transitionMs('travel', 'skip', true)).toBe(0);
  });
});

describe('prefersReducedMotion', () => {
  it("reads the system's prefers-reduced-motion", () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    expect(prefersReducedMotion()).toBe(true);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(prefersReducedMotion()).toBe(false);
  });
});
