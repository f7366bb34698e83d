export { EncounterView } from './EncounterView';
export type { EncounterViewProps } from './EncounterView';
export { createCombatController } from './combatController';
export type { CombatController } from './combatController';
export { resetCombatUi } from './combatUiStore';
