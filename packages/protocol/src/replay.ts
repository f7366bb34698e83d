// The story of a finished game as the replay call sends it: the engine's ReplayDay list (replayStory.ts), day by
// day. The serializer drops undeclared fields, so src/replay.test.ts proves at compile time that these schemas
// and the engine's types are the same shapes.
import { Type, type TSchema } from 'typebox';
import { EncounterTollSchema, EncounterTypeSchema, EventCategorySchema } from './gameState';
import { EncounterActionSchema } from './requests';

const Int = () => Type.Integer();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReplayFiguresSchema = Type.Object({
  cash: Int(),
  bank: Int(),
  debt: Int(),
  health: Int(),
  netWorth: Type.Integer({ description: 'cash + bank - debt (the last day: the score)' }),
});

export const ReplayEventSchema = Type.Object({ category: EventCategorySchema, message: Type.String() });

export const ReplayEncounterOutcomeSchema = Type.Union([
  Type.Literal('won'),
  Type.Literal('escaped'),
  Type.Literal('bribed'),
  Type.Literal('surrendered'),
  Type.Literal('paid'),
  Type.Literal('skipped'),
  Type.Literal('killed'),
  Type.Literal('unfinished'),
]);

export const ReplayEncounterSchema = Type.Object({
  kind: Type.Literal('encounter'),
  message: Type.String(),
  encounterType: EncounterTypeSchema,
  enemies: Type.Array(Type.String()),
  visitNumber: Int(),
  actions: Type.Array(EncounterActionSchema),
  rounds: Int(),
  downed: Int(),
  outcome: ReplayEncounterOutcomeSchema,
  reward: Int(),
  toll: EncounterTollSchema,
  log: Type.Array(Type.String()),
});

const Step = <K extends string, F extends Record<string, TSchema>>(kind: K, fields: F) =>
  Type.Object({ kind: Type.Literal(kind), message: Type.String(), ...fields });

export const ReplayStepSchema = Type.Union([
  Step('buy', { drugId: Type.String(), quantity: Int(), price: Int(), total: Int() }),
  Step('sell', { drugId: Type.String(), quantity: Int(), price: Int(), total: Int(), profit: Int() }),
  Step('dump', { drugId: Nullable(Type.String()), quantity: Int() }),
  Type.Object({ kind: Type.Union([Type.Literal('stash'), Type.Literal('unstash')]), message: Type.String(), drugId: Type.String(), quantity: Int() }),
  Type.Object({ kind: Type.Union([Type.Literal('deposit'), Type.Literal('withdraw'), Type.Literal('repay')]), message: Type.String(), amount: Int() }),
  Step('borrow', { sharkId: Type.String(), amount: Int() }),
  Step('heal', { cost: Int(), health: Int() }),
  Step('shop', {
    itemType: Type.Union([Type.Literal('weapon'), Type.Literal('armor'), Type.Literal('ammo'), Type.Literal('consumable')]),
    itemId: Type.String(),
    quantity: Int(),
    cost: Int(),
  }),
  Step('equip', { itemType: Type.Union([Type.Literal('weapon'), Type.Literal('armor')]), itemId: Nullable(Type.String()) }),
  Step('ship', { drugId: Type.String(), quantity: Int(), destinationId: Type.String(), companyId: Type.String(), cost: Int() }),
  Step('travel', { from: Type.String(), to: Type.String(), fare: Int() }),
  Step('stay', {}),
  Step('timeUp', {}),
  ReplayEncounterSchema,
]);

export const ReplayDaySchema = Type.Object({
  day: Int(),
  location: Type.String({ description: 'Location id where the day was spent' }),
  events: Type.Array(ReplayEventSchema),
  steps: Type.Array(ReplayStepSchema),
  end: ReplayFiguresSchema,
});
