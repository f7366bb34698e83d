// Motion preferences: the player's reduced-motion setting of the system, and how long a day's transition lasts.
import { TRANSITION_MS, type TravelSpeed } from '../constants';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for reduced motion (no screen shake, no floating numbers, short transitions). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/** The travel or sleep transition's length: the travel speed setting's, and at most FAST's with reduced motion. */
export function transitionMs(kind: 'travel' | 'sleep', speed: TravelSpeed, reducedMotion: boolean): number {
  const ms = TRANSITION_MS[speed][kind];
  return reducedMotion ? Math.min(ms, TRANSITION_MS.fast[kind]) : ms;
}
