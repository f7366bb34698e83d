// Pure helpers for the pending-event queue (SPEC.md section 4, "Event priority"): lower priority first; the
// events of the category at the head are grouped into one modal; ties keep arrival order.
import type { EventCategory, ClientGameEvent } from '@drugwars/engine';
import { EVENT_PRIORITY, UNKNOWN_EVENT_PRIORITY } from '../constants';

export function eventPriority(category: EventCategory | string): number {
  return (EVENT_PRIORITY as Record<string, number>)[category] ?? UNKNOWN_EVENT_PRIORITY;
}

/** Stable sort by priority (Array.prototype.sort is stable since ES2019). */
export function sortEventsByPriority(events: readonly ClientGameEvent[]): ClientGameEvent[] {
  return [...events].sort((a, b) => eventPriority(a.category) - eventPriority(b.category));
}

/**
 * Splits the queue into the group shown next (every event of the first category after sorting) and the rest.
 * Returns null when the queue is empty.
 */
export function takeFirstGroup(
  events: readonly ClientGameEvent[],
): { category: EventCategory; group: ClientGameEvent[]; rest: ClientGameEvent[] } | null {
  const sorted = sortEventsByPriority(events);
  const first = sorted[0];
  if (!first) return null;
  const group = sorted.filter((e) => e.category === first.category);
  const rest = sorted.filter((e) => e.category !== first.category);
  return { category: first.category, group, rest };
}

/** Event messages are split on blank lines into paragraphs (SPEC.md section 2, "Event modals"). */
export function splitParagraphs(message: string): string[] {
  return message
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
