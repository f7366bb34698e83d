// Transient state of the encounter view that the server does not know about: the processing flag, floating
// numbers, hit flashes, the screen shake, the target selection and a follow-up encounter held until the
// result overlay closes. The encounter itself always comes from the game store (or the snapshot below while
// an ending result waits for its overlay).
import { create } from 'zustand';
import type { ClientEncounter } from '@drugwars/engine';
import type { EncounterRequest } from '@drugwars/protocol';

export interface FloatingText {
  id: number;
  /** 'player', an enemy id, or 'center' for messages such as FAILED ESCAPE!. */
  target: string;
  text: string;
  kind: 'damage' | 'miss' | 'info';
}

export interface CombatUiState {
  processing: boolean;
  /** The player died: no enemy turn runs any more. */
  defeated: boolean;
  /** An enemy-turn call failed: the turn waits for a retry instead of restarting by itself. */
  stalled: boolean;
  floats: FloatingText[];
  flashing: string[];
  shaking: boolean;
  selected: string[];
  /** What the battlefield shows while an ending result waits for its overlay (the server may already have cleared it). */
  snapshot: ClientEncounter | null;
  followUp: ClientEncounter | null;
  lastAction: EncounterRequest | null;
}

export const initialCombatUi: CombatUiState = {
  processing: false,
  defeated: false,
  stalled: false,
  floats: [],
  flashing: [],
  shaking: false,
  selected: [],
  snapshot: null,
  followUp: null,
  lastAction: null,
};

export const useCombatUi = create<CombatUiState>()(() => ({ ...initialCombatUi }));

export function resetCombatUi(): void {
  useCombatUi.setState({ ...initialCombatUi });
}
