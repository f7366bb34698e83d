// Test-only builders for encounter states and responses (imported by *.test.ts files only).
import type { ClientGameState, ClientEncounter, ClientEnemy } from '@drugwars/engine';
import type { EncounterReply } from '../../api/client';
import { makeState } from '../../test/fixtures';

export function enemy(id: string, overrides: Partial<ClientEnemy> = {}): ClientEnemy {
  return {
    id,
    name: `Officer ${id}`,
    sprite: 'police_officer',
    health: 50,
    maxHealth: 50,
    isAlive: true,
    ...overrides,
  };
}

export function encounter(overrides: Partial<ClientEncounter> = {}): ClientEncounter {
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
    ...overrides,
  };
}

/** A client view on day 3 in a fight (the encounter above unless told otherwise), built on the shell's fixture. */
export function gameState(opts: { encounter?: ClientEncounter | null; health?: number; cash?: number; weapon?: string | null; ammo?: Record<string, number> } = {}): ClientGameState {
  const base = makeState({ cash: opts.cash ?? 2000 });
  return {
    ...base,
    day: 3,
    encounter: opts.encounter === undefined ? encounter() : opts.encounter,
    currentState: 'COMBAT',
    allowedActions: ['encounter'],
    stateMetadata: { enteredOnDay: 3, encounterType: 'police' },
    stateMachine: { currentState: 'COMBAT' },
    player: {
      ...base.player,
      health: opts.health ?? 100,
      day: 3,
      loanShark: null,
      weapons: opts.weapon ? { [opts.weapon]: { quantity: 1 } } : {},
      items: { armor: {}, ammo: opts.ammo ?? {}, consumables: {} },
      equippedItems: { weapon: opts.weapon ?? null, armor: null },
    },
  };
}

export function response(overrides: Partial<EncounterReply> & { gameState: ClientGameState }): EncounterReply {
  return {
    success: true,
    message: '',
    version: 1,
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
