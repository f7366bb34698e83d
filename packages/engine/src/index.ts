// The public API of @drugwars/engine (the contract is in ../CONTEXT.md).
export * from './types';
export * from './constants';
export * from './catalogue';
export { apply, replay } from './apply';
export { newGame, introEvents, type NewGameOptions } from './newGame';
export { toClientView, finalScore, netWorth } from './state';
export { loanSharkOffers, healCost, totalInterestRate, HEAL_COST_PER_POINT } from './finance';
export { maxBuy } from './market';
export { historyView, type HistoryView, type Series } from './history';
export { equipmentStats, shopPrice, type EquipmentStats } from './shop';
// combat rules and constants the web app shows or checks (sprites, the player's target id, odds, texts)
export {
  DAMAGE_SPREAD,
  DEATH_REASONS,
  ESCAPE_SUCCESS_MESSAGE,
  FISTS,
  PLAYER_TARGET_ID,
  VICTORY_NO_REWARD_MESSAGE,
  escapeChance,
} from './combat';
export { ENEMY_SPRITES, encounterChance, maxEnemiesFor } from './combatEnemies';
export { LAST_SKIPPABLE_VISIT, loanSharkSound, visitFees } from './combatLoanShark';
export { ALLOWED_ACTIONS, allowedActionsOf, machineState } from './machine';
export * from './names';
export * from './seed';
export * from './format';
