// Catalogue shapes (engine src/types.ts, SPEC.md section 3) as served by GET /api/game/data/* and friends.
import { Type, type Static } from 'typebox';

export const TargetTypeSchema = Type.Union([
  Type.Literal('single_target'),
  Type.Literal('multi_target'),
  Type.Literal('all_targets'),
]);

export const WeaponIdSchema = Type.Union([
  Type.Literal('knife'),
  Type.Literal('pistol'),
  Type.Literal('cheap_pistol'),
  Type.Literal('shotgun'),
  Type.Literal('machine_gun'),
  Type.Literal('grenade'),
  Type.Literal('rocket_launcher'),
  Type.Literal('area_disruptor'),
]);

export const DrugSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    price: Type.Integer(),
    minPrice: Type.Integer(),
    maxPrice: Type.Integer(),
  }
);

export const LocationSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    flightPrice: Type.Integer(),
    hasAirport: Type.Boolean(),
    dangerLevel: Type.Integer({ minimum: 0, maximum: 5 }),
  }
);

export const WeaponSchema = Type.Object(
  {
    id: WeaponIdSchema,
    name: Type.String(),
    price: Type.Integer(),
    damage: Type.Number(),
    description: Type.String(),
    targetType: TargetTypeSchema,
    ammoId: Type.Union([Type.String(), Type.Null()]),
    accuracy: Type.Number(),
  }
);

export const ArmorSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    price: Type.Integer(),
    protection: Type.Number(),
    description: Type.String(),
  }
);

export const AmmoSchema = Type.Object(
  { id: Type.String(), name: Type.String(), price: Type.Integer(), maxCarry: Type.Integer() }
);

export const ConsumableSchema = Type.Object(
  { id: Type.String(), name: Type.String(), price: Type.Integer(), description: Type.String() }
);

export const ItemSchema = Type.Object(
  { id: Type.String(), name: Type.String(), description: Type.String(), value: Type.Integer() }
);

export const LoanSharkOfferSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    maxLoan: Type.Integer(),
    dailyInterestRate: Type.Number(),
    interestRate: Type.Number(),
    gracePeriod: Type.Integer(),
    personality: Type.String(),
  }
);

export const ShippingCompanySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    pricePerUnit: Type.Integer(),
    successRate: Type.Number(),
    days: Type.Integer(),
  }
);

export type DrugData = Static<typeof DrugSchema>;
export type LocationData = Static<typeof LocationSchema>;
export type WeaponData = Static<typeof WeaponSchema>;
export type ArmorData = Static<typeof ArmorSchema>;
export type AmmoData = Static<typeof AmmoSchema>;
export type ConsumableData = Static<typeof ConsumableSchema>;
export type ItemData = Static<typeof ItemSchema>;
export type LoanSharkOfferData = Static<typeof LoanSharkOfferSchema>;
export type ShippingCompanyData = Static<typeof ShippingCompanySchema>;
