// What the game says out loud to a screen reader: every trade result, arrival, event and fight line politely, and
// an ambush, a wound, a death and the end of the run assertively, each once and in order. components/Announcer
// renders the two live regions (always in the accessibility tree, on every page); anything that has something to
// say calls announce(). The message log's own lines are announced by the store when they are added (gameStore's
// addMessage), so nothing is said twice.
import { create } from 'zustand';

export interface Announcement {
  id: number;
  text: string;
}

/** How many lines each region keeps: old ones leave the region without being read again. */
export const ANNOUNCEMENTS_KEPT = 12;

interface AnnouncerState {
  polite: Announcement[];
  assertive: Announcement[];
}

export const useAnnouncer = create<AnnouncerState>()(() => ({ polite: [], assertive: [] }));

let nextId = 1;

/** Says `text` (politely unless `assertive`). Blank text says nothing. */
export function announce(text: string, options: { assertive?: boolean } = {}): void {
  // pictographs ('🔫 Successfully purchased...') are for the eye: a screen reader would read 'pistol' first
  const line = text.replace(/\p{Extended_Pictographic}\uFE0F?/gu, '').replace(/\s+/g, ' ').trim();
  if (line === '') return;
  const key = options.assertive ? 'assertive' : 'polite';
  const lines = [...useAnnouncer.getState()[key], { id: nextId++, text: line }];
  useAnnouncer.setState({ [key]: lines.slice(-ANNOUNCEMENTS_KEPT) });
}
