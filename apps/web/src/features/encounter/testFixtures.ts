// Test-only builders for encounter states and responses (imported by *.test.ts files only).
import { RULES_VERSION, type ClientGameState, type Encounter, type Enemy } from '@drugwars/engine';
import type { EncounterResponse } from '../../api/types';

export function enemy(id: string, overrides: Partial<Enemy> = {}): Enemy {
  return {
    id,
    name: `Officer ${id}`,
    sprite: 'police_officer',
    health: 50,
    maxHealth: 50,
    isAlive: true,
    damage: 10,
    accuracy: 0.5,
    ...overrides,
  };
}

export function encounter(overrides: Partial<Encounter> = {}): Encounter {
  return {
    type: 'police',
    enemies: [enemy('e1'), enemy('e2')],
    message: 'Cops!',
    turnOrder: 'player',
    round: 1,
    currentEnemyIndex: 0,
    combatLog: ['The cops draw their guns.'],
    canEscape: true,
    canBribe: true,
    canSurrender: true,
    bribeCost: 500,
    reward: { cash: 300 },
    debtAmount: 0,
    totalFees: 0,
    feeDetails: [],
    canPay: false,
    paymentAmount: 0,
    canSkip: false,
    visitNumber: 0,
    toll: { health: 0, cash: 0, drugs: 0, debt: 0 },
    ...overrides,
  };
}

export function gameState(opts: { encounter?: Encounter | null; health?: number; cash?: number; weapon?: string | null; ammo?: Record<string, number> } = {}): ClientGameState {
  const state = {
    rulesVersion: RULES_VERSION,
    day: 3,
    maxDays: 30,
    location: 'new_york',
    gameOver: false,
    gameOverReason: null,
    isSeeded: false,
    formattedSeed: null,
    prices: {},
    worldPrices: {},
    worldPricesDay: {},
    marketInfo: [],
    encounter: opts.encounter === undefined ? encounter() : opts.encounter,
    pendingEncounter: null,
    currentState: 'COMBAT',
    allowedActions: ['encounter'],
    stateMetadata: { enteredOnDay: 3, encounterType: 'police' },
    stateMachine: { currentState: 'COMBAT' },
    gameHistory: { financeHistory: [], healthHistory: [], priceHistory: {}, actionHistory: [], locationHistory: [] },
    shipments: [],
    loanSharkVisits: 0,
    nextId: 10,
    player: {
      name: 'Tester',
      cash: opts.cash ?? 2000,
      bank: 0,
      debt: 1000,
      health: opts.health ?? 100,
      score: 1000,
      day: 3,
      maxDays: 30,
      location: 'new_york',
      usedSpace: 0,
      coatSpace: 100,
      rank: { name: 'Wannabe', level: 1, inventoryName: 'Pockets' },
      loanShark: null,
      inventory: {},
      stash: {},
      currentStash: {},
      weapons: opts.weapon ? { [opts.weapon]: { quantity: 1 } } : {},
      items: { armor: {}, ammo: opts.ammo ?? {}, consumables: {} },
      equippedItems: { weapon: opts.weapon ?? null, armor: null },
      drugsSold: 0,
      copsKilled: 0,
    },
  } satisfies ClientGameState;
  return state;
}

export function response(overrides: Partial<EncounterResponse> & { gameState: ClientGameState }): EncounterResponse {
  return {
    success: true,
    message: '',
    events: [],
    attackResults: [],
    victory: false,
    reward: 0,
    followUpEncounter: null,
    followUpEvent: null,
    escaped: false,
    surrendered: false,
    bribed: false,
    bribeAmount: 0,
    playerDamage: 0,
    playerDead: false,
    toll: { health: 0, cash: 0, drugs: 0, debt: 0 },
    ...overrides,
  };
}
