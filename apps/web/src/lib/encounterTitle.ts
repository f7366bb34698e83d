// The encounter screen's title (SPEC.md section 2), shared by the encounter view and the page title.
import type { ClientEncounter } from '@drugwars/engine';

export function encounterTitle(encounter: Pick<ClientEncounter, 'type'>): string {
  if (encounter.type === 'loanShark') return 'LOAN SHARK COMBAT!';
  if (encounter.type === 'loanSharkVisit') return 'LOAN SHARK VISIT!';
  return 'ENCOUNTER!';
}
