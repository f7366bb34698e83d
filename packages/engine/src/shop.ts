// The gun shop and the equipment screen: buying weapons, armor, ammo and consumables; equipping them.
import { AMMO, AMMO_BY_ID, ARMOR_BY_ID, CONSUMABLE_BY_ID, WEAPON_BY_ID } from './catalogue';
import { FISTS } from './combat';
import { accept, heldQuantity, isPositiveInt, refuse, roundsOwned, setHeld, withPlayer } from './state';
import type { Ammo, ApplyResult, Armor, GameState, Player, ShopItemType, Weapon } from './types';

/**
 * The quantity a purchase is made of: weapons are always bought one at a time (SPEC.md section 7), whatever
 * quantity a request names; everything else as asked.
 */
export function purchaseQuantity(itemType: ShopItemType | 'drug', requested: number): number {
  return itemType === 'weapon' ? 1 : requested;
}

/** The message of a purchase (SPEC.md section 2): weapons and armor by name, the rest with the quantity. */
export function purchaseMessage(itemType: ShopItemType, itemName: string, quantity: number): string {
  if (itemType === 'weapon') return `🔫 Successfully purchased ${itemName}!`;
  if (itemType === 'armor') return `🛡️ Successfully purchased ${itemName}!`;
  return `✅ Successfully purchased ${quantity}x ${itemName}!`;
}

/** The ammo a gun fires and the rounds of it the player carries; null for a weapon that needs none. */
export function gunAmmo(
  weapon: Pick<Weapon, 'ammoId'>,
  player: Pick<Player, 'items'>,
  ammoList: readonly Ammo[] = AMMO,
): { id: string; name: string; rounds: number } | null {
  if (!weapon.ammoId) return null;
  const name = ammoList.find((a) => a.id === weapon.ammoId)?.name ?? weapon.ammoId;
  return { id: weapon.ammoId, name, rounds: roundsOwned(player, weapon.ammoId) };
}

/**
 * What a player is told on buying a gun they have no rounds for (in a fight it would leave them their fists);
 * null when they have rounds or the weapon needs none.
 */
export function noAmmoWarning(
  weapon: Pick<Weapon, 'name' | 'ammoId'>,
  player: Pick<Player, 'items'>,
  ammoList: readonly Ammo[] = AMMO,
): string | null {
  const ammo = gunAmmo(weapon, player, ammoList);
  if (!ammo || ammo.rounds > 0) return null;
  return `Your ${weapon.name} fires ${ammo.name} and you have none: buy some under Shopping, Ammo, or you fight with your fists.`;
}

/**
 * The most of one shop item the player may buy now: the least of what the cash affords and, for ammo, the room
 * left under its Max Carry (what shopBuy would refuse above). Weapons and armor: 1 when a purchase would be
 * accepted, else 0. Unknown items: 0. Pure, for the quantity dialog's maximum.
 */
export function maxShopBuy(state: GameState, itemType: ShopItemType, itemId: string): number {
  const p = state.player;
  const price = shopPrice(itemType, itemId);
  if (price === null || price <= 0) return 0;
  const affordable = Math.floor(p.cash / price);
  switch (itemType) {
    case 'weapon': {
      const owned = heldQuantity(p.weapons, itemId);
      return affordable >= 1 && (owned === 0 || STACKABLE_WEAPONS.has(itemId)) ? 1 : 0;
    }
    case 'armor':
      return affordable >= 1 && heldQuantity(p.items.armor, itemId) === 0 ? 1 : 0;
    case 'ammo': {
      const ammo = AMMO_BY_ID.get(itemId)!;
      const have = roundsOwned(p, itemId);
      return Math.max(0, Math.min(affordable, ammo.maxCarry - have));
    }
    case 'consumable':
      return affordable;
    default:
      return 0;
  }
}

/** The refusal of ammo above its Max Carry (also shown by the quantity dialog before asking). */
export function carryLimitMessage(name: string, maxCarry: number, have: number): string {
  return `You can only carry ${maxCarry} ${name} (you have ${have}).`;
}

/** Weapons that are used up when thrown, so the player may own several. */
const STACKABLE_WEAPONS: ReadonlySet<string> = new Set(['grenade']);

export function shopBuy(state: GameState, itemType: ShopItemType, itemId: string, quantity: number): ApplyResult {
  const p = state.player;
  switch (itemType) {
    case 'weapon': {
      const weapon = WEAPON_BY_ID.get(itemId);
      if (!weapon) return refuse('UNKNOWN_ITEM', 'The gun shop has never heard of that.');
      // callers send purchaseQuantity('weapon', n), which is 1; anything else is a malformed action
      if (quantity !== 1) return refuse('INVALID_INPUT', 'Weapons are sold one at a time.');
      const owned = heldQuantity(p.weapons, itemId);
      if (owned > 0 && !STACKABLE_WEAPONS.has(itemId)) return refuse('CARRY_LIMIT', `You already own a ${weapon.name}.`);
      if (weapon.price > p.cash) return refuse('INSUFFICIENT_FUNDS', "You can't afford that!");
      const weapons = setHeld(p.weapons, itemId, owned + 1);
      const equippedItems = p.equippedItems.weapon ? p.equippedItems : { ...p.equippedItems, weapon: itemId };
      return accept(
        withPlayer(state, { cash: p.cash - weapon.price, weapons, equippedItems }),
        purchaseMessage('weapon', weapon.name, 1),
      );
    }
    case 'armor': {
      const armor = ARMOR_BY_ID.get(itemId);
      if (!armor) return refuse('UNKNOWN_ITEM', 'The gun shop has never heard of that.');
      if (quantity !== 1) return refuse('INVALID_INPUT', 'Armor is sold one piece at a time.');
      if (heldQuantity(p.items.armor, itemId) > 0) return refuse('CARRY_LIMIT', `You already own a ${armor.name}.`);
      if (armor.price > p.cash) return refuse('INSUFFICIENT_FUNDS', "You can't afford that!");
      const items = { ...p.items, armor: setHeld(p.items.armor, itemId, 1) };
      const equippedItems = p.equippedItems.armor ? p.equippedItems : { ...p.equippedItems, armor: itemId };
      return accept(
        withPlayer(state, { cash: p.cash - armor.price, items, equippedItems }),
        purchaseMessage('armor', armor.name, 1),
      );
    }
    case 'ammo': {
      const ammo = AMMO_BY_ID.get(itemId);
      if (!ammo) return refuse('UNKNOWN_ITEM', 'The gun shop has never heard of that.');
      if (!isPositiveInt(quantity)) return refuse('INVALID_INPUT', 'Quantity must be a whole number of at least 1');
      const have = roundsOwned(p, itemId);
      if (have + quantity > ammo.maxCarry) {
        return refuse('CARRY_LIMIT', carryLimitMessage(ammo.name, ammo.maxCarry, have));
      }
      const total = ammo.price * quantity;
      if (total > p.cash) return refuse('INSUFFICIENT_FUNDS', "You can't afford that much!");
      const items = { ...p.items, ammo: { ...p.items.ammo, [itemId]: have + quantity } };
      return accept(withPlayer(state, { cash: p.cash - total, items }), purchaseMessage('ammo', ammo.name, quantity));
    }
    case 'consumable': {
      const item = CONSUMABLE_BY_ID.get(itemId);
      if (!item) return refuse('UNKNOWN_ITEM', 'The gun shop has never heard of that.');
      if (!isPositiveInt(quantity)) return refuse('INVALID_INPUT', 'Quantity must be a whole number of at least 1');
      const total = item.price * quantity;
      if (total > p.cash) return refuse('INSUFFICIENT_FUNDS', "You can't afford that much!");
      const have = Object.hasOwn(p.items.consumables, itemId) ? p.items.consumables[itemId]! : 0;
      const items = { ...p.items, consumables: { ...p.items.consumables, [itemId]: have + quantity } };
      return accept(withPlayer(state, { cash: p.cash - total, items }), purchaseMessage('consumable', item.name, quantity));
    }
    default:
      return refuse('INVALID_INPUT', 'The shop sells weapons, armor, ammo and consumables.');
  }
}

export function equip(state: GameState, itemType: 'weapon' | 'armor', itemId: string): ApplyResult {
  const p = state.player;
  if (itemType === 'weapon') {
    const weapon = WEAPON_BY_ID.get(itemId);
    if (!weapon) return refuse('UNKNOWN_ITEM', 'There is no such weapon.');
    if (heldQuantity(p.weapons, itemId) === 0) return refuse('NOT_OWNED', `You don't own a ${weapon.name}.`);
    if (p.equippedItems.weapon === itemId) return refuse('INVALID_INPUT', `${weapon.name} is already equipped.`);
    return accept(withPlayer(state, { equippedItems: { ...p.equippedItems, weapon: itemId } }), `Equipped ${weapon.name}.`);
  }
  if (itemType === 'armor') {
    const armor = ARMOR_BY_ID.get(itemId);
    if (!armor) return refuse('UNKNOWN_ITEM', 'There is no such armor.');
    if (heldQuantity(p.items.armor, itemId) === 0) return refuse('NOT_OWNED', `You don't own a ${armor.name}.`);
    if (p.equippedItems.armor === itemId) return refuse('INVALID_INPUT', `${armor.name} is already equipped.`);
    return accept(withPlayer(state, { equippedItems: { ...p.equippedItems, armor: itemId } }), `Equipped ${armor.name}.`);
  }
  return refuse('INVALID_INPUT', 'Only weapons and armor can be equipped.');
}

export function unequip(state: GameState, itemType: 'weapon' | 'armor'): ApplyResult {
  const p = state.player;
  if (itemType !== 'weapon' && itemType !== 'armor') return refuse('INVALID_INPUT', 'Only weapons and armor can be unequipped.');
  const current = p.equippedItems[itemType];
  if (!current) return refuse('NOT_OWNED', `You don't have ${itemType === 'weapon' ? 'a weapon' : 'armor'} equipped.`);
  const name = (itemType === 'weapon' ? WEAPON_BY_ID.get(current)?.name : ARMOR_BY_ID.get(current)?.name) ?? current;
  return accept(withPlayer(state, { equippedItems: { ...p.equippedItems, [itemType]: null } }), `Unequipped ${name}.`);
}

export interface EquipmentStats {
  weapon: Weapon | null;
  armor: Armor | null;
  damage: number;
  protection: number;
  accuracy: number;
  /** Rounds left for the equipped gun; null when the weapon needs no ammo (or none is equipped). */
  ammo: number | null;
}

export function equipmentStats(state: GameState): EquipmentStats {
  const p = state.player;
  const weapon = (p.equippedItems.weapon && WEAPON_BY_ID.get(p.equippedItems.weapon)) || null;
  const armor = (p.equippedItems.armor && ARMOR_BY_ID.get(p.equippedItems.armor)) || null;
  const ammoId = weapon?.ammoId ?? null;
  return {
    weapon,
    armor,
    damage: weapon ? weapon.damage : FISTS.damage,
    protection: armor ? armor.protection : 0,
    accuracy: weapon ? weapon.accuracy : FISTS.accuracy,
    ammo: ammoId ? (Object.hasOwn(p.items.ammo, ammoId) ? p.items.ammo[ammoId]! : 0) : null,
  };
}

/** Cost shown in the shop for a purchase (used by bots and the buy-quantity modal). */
export function shopPrice(itemType: ShopItemType, itemId: string): number | null {
  switch (itemType) {
    case 'weapon':
      return WEAPON_BY_ID.get(itemId)?.price ?? null;
    case 'armor':
      return ARMOR_BY_ID.get(itemId)?.price ?? null;
    case 'ammo':
      return AMMO_BY_ID.get(itemId)?.price ?? null;
    case 'consumable':
      return CONSUMABLE_BY_ID.get(itemId)?.price ?? null;
    default:
      return null;
  }
}

