// The public API of @drugwars/engine: everything other packages may use (../CONTEXT.md says where to start).
export * from './types';
export * from './constants';
export * from './catalogue';
export { apply, replay } from './apply';
export { newGame, introEvents, type NewGameOptions } from './newGame';
export { finalScore, netWorth } from './state';
// what a client is sent: a state's view, or to a client that holds the view a move was made on only what changed
export {
  toClientView,
  toClientEncounter,
  toClientShipment,
  toClientEvent,
  toClientEvents,
  clientStateChange,
  withStateChange,
  type ClientStateChange,
} from './clientView';
// the moves without randomness a client may paint at once, and the engine's own prediction of them
export { PREDICTABLE_MOVES, predictMove, type PredictableAction, type Prediction } from './predict';
export { loanSharkOffers, healCost, totalInterestRate, debtRateOn, HEAL_COST_PER_POINT, OVERDUE_EXTRA_INTEREST_RATE } from './finance';
// versioned rules: which rules a stored game or log was recorded under, and whether this engine can replay it
export { RULES_VERSION, FIRST_RULES_VERSION, OLDER_RULES_MESSAGE, isReplayable, rulesVersionOf } from './rulesVersion';
export { maxBuy } from './market';
export { travelMessage, travelMode, type TravelMode } from './travel';
export { historyView, type HistoryView, type Series } from './history';
export { carryLimitMessage, equipmentStats, gunAmmo, maxShopBuy, noAmmoWarning, purchaseMessage, purchaseQuantity, shopPrice, type EquipmentStats } from './shop';
// combat rules and constants the web app shows or checks (sprites, the player's target id, the weapon in hand,
// default targets, odds, texts)
export {
  DAMAGE_SPREAD,
  DEATH_REASONS,
  ESCAPE_SUCCESS_MESSAGE,
  FAILED_ESCAPE_MESSAGE,
  FISTS,
  KILLED_MESSAGE,
  PLAYER_TARGET_ID,
  SURRENDER_MESSAGE,
  VICTORY_NO_REWARD_MESSAGE,
  bribeMessage,
  chooseTargets,
  escapeChance,
  goonChaseFee,
  tollMessage,
  isLiving,
  playerWeapon,
  victoryMessage,
  type PlayerWeapon,
} from './combat';
export { ENEMY_SPRITES, dangerLevelOf, encounterChance, encounterRisk, heatOf, introMessage, maxEnemiesFor } from './combatEnemies';
export { LAST_SKIPPABLE_VISIT, loanSharkSound, visitFees } from './combatLoanShark';
export { ALLOWED_ACTIONS, allowedActionsOf, machineState } from './machine';
export * from './names';
export * from './seed';
export * from './format';
// the story of a finished game, day by day, from its action log (leaderboard replays)
export {
  ReplayStoryBuilder,
  replayStory,
  type ReplayDay,
  type ReplayEncounter,
  type ReplayEncounterOutcome,
  type ReplayEvent,
  type ReplayFigures,
  type ReplayStep,
  type ReplayStory,
} from './replayStory';
