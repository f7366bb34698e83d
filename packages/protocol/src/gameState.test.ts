// The schema-driven serializer drops any field the schema does not declare, so the client-view schema must
// describe the engine's ClientGameState exactly. These assertions fail to compile (tsc -p packages/protocol)
// as soon as either side changes without the other.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AttackResultItem, ClientEncounter, ClientEnemy, ClientGameEvent, ClientGameState, ClientShipment, ClientStateChange, LoanSharkOffer } from '@drugwars/engine';
import type { Static } from 'typebox';
import type { ClientGameStateSchema, ClientStateChangeSchema, EncounterSchema, EnemySchema, GameEventSchema, ShipmentSchema, AttackResultItemSchema } from './gameState';
import type { LoanSharkOfferSchema } from './catalogue';

type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Compile-time proofs: each line is a type error when the two sides drift.
const clientState: MutuallyAssignable<Static<typeof ClientGameStateSchema>, ClientGameState> = true;
const stateChange: MutuallyAssignable<Static<typeof ClientStateChangeSchema>, ClientStateChange> = true;
const encounter: MutuallyAssignable<Static<typeof EncounterSchema>, ClientEncounter> = true;
const enemy: MutuallyAssignable<Static<typeof EnemySchema>, ClientEnemy> = true;
const event: MutuallyAssignable<Static<typeof GameEventSchema>, ClientGameEvent> = true;
const shipment: MutuallyAssignable<Static<typeof ShipmentSchema>, ClientShipment> = true;
const attackItem: MutuallyAssignable<Static<typeof AttackResultItemSchema>, AttackResultItem> = true;
const sharkOffer: MutuallyAssignable<Static<typeof LoanSharkOfferSchema>, LoanSharkOffer> = true;

describe('client view schema', () => {
  it('matches the engine types (checked by the compiler)', () => {
    expect([clientState, stateChange, encounter, enemy, event, shipment, attackItem, sharkOffer]).toEqual([true, true, true, true, true, true, true, true]);
    expectTypeOf<Static<typeof ClientGameStateSchema>>().toEqualTypeOf<ClientGameState>();
    expectTypeOf<Static<typeof ClientStateChangeSchema>>().toEqualTypeOf<ClientStateChange>();
  });
});
