// The day's random events (SPEC.md "Event modals"): WORD ON THE STREET (a spike or crash here, with its
// story), RUMORS (true hints about other cities), LUCKY FIND and BAD NEWS. They draw from the PRNG in a fixed
// order so replays match.
import { AMMO_BY_ID, CONSUMABLES, DRUG_BY_ID, DRUGS, ITEMS, LOCATION_BY_ID, LOCATIONS, WEAPON_BY_ID } from './catalogue';
import type { PriceMove } from './market';
import type { Rng } from './rng';
import { removeUnits } from './state';
import { formatMoney } from './format';
import type { GameEvent, Player } from './types';

const RUMOR_CHANCE = 0.2;
const FIND_CHANCE = 0.07;
const LOSS_CHANCE = 0.05;

const SPIKE_STORIES: Readonly<Record<string, string>> = {
  cocaine: 'The cops just made a big Cocaine bust! Prices are outrageous!!',
  heroin: 'Addicts are buying Heroin at ridiculous prices!',
};
const CRASH_STORIES: Readonly<Record<string, string>> = {
  weed: 'A Columbian freighter dusted the Coast Guard! Weed prices have bottomed out!',
  acid: 'The market has been flooded with cheap home-made Acid!',
  ludes: 'Rival drug dealers raided a pharmacy and are selling cheap Ludes!',
  hashish: 'The Marrakesh Express has arrived! Hashish is dirt cheap!',
};
const GENERIC_SPIKES: readonly ((drug: string) => string)[] = [
  (d) => `The cops just made a big ${d} bust! Prices are outrageous!!`,
  (d) => `Addicts are buying ${d} at ridiculous prices!`,
  (d) => `A rival crew got locked up. Nobody in town has any ${d} and the buyers are desperate!`,
];
const GENERIC_CRASHES: readonly ((drug: string) => string)[] = [
  (d) => `The market has been flooded with cheap ${d}!`,
  (d) => `Pigs are selling cheap ${d} from a police impound!`,
  (d) => `A shipment of ${d} fell off a truck. Everybody is selling it for nothing!`,
];

/** 'WORD ON THE STREET' stories for the spikes and crashes that started here today. */
export function priceChangeEvents(locationId: string, moves: readonly PriceMove[], prices: Record<string, number>, rng: Rng): GameEvent[] {
  const events: GameEvent[] = [];
  for (const move of moves) {
    if (move.locationId !== locationId || !move.fresh) continue;
    const drug = DRUG_BY_ID.get(move.drugId)!;
    const special = move.trend === 'spike' ? SPIKE_STORIES[drug.id] : CRASH_STORIES[drug.id];
    const story = special ?? rng.pick(move.trend === 'spike' ? GENERIC_SPIKES : GENERIC_CRASHES)(drug.name);
    events.push({
      message: `${story}\n\n${drug.name} is going for ${formatMoney(prices[drug.id] ?? drug.price)} here today.`,
      type: move.trend === 'spike' ? 'success' : 'info',
      category: 'price_change',
    });
  }
  return events;
}

/** A rumor now and then: true news of a spike or crash elsewhere, or which city is crawling with cops. */
export function rumorEvent(locationId: string, moves: readonly PriceMove[], rng: Rng): GameEvent | null {
  if (!rng.chance(RUMOR_CHANCE)) return null;
  const elsewhere = moves.filter((m) => m.locationId !== locationId);
  let message: string;
  if (elsewhere.length > 0) {
    const move = rng.pick(elsewhere);
    const drug = DRUG_BY_ID.get(move.drugId)!.name;
    const city = LOCATION_BY_ID.get(move.locationId)!.name;
    message =
      move.trend === 'spike'
        ? `Word is ${drug} is going for crazy money in ${city}.`
        : `I heard somebody is dumping cheap ${drug} in ${city}.`;
  } else {
    const dangerous = LOCATIONS.filter((l) => l.dangerLevel >= 4 && l.id !== locationId);
    const safe = LOCATIONS.filter((l) => l.dangerLevel <= 1 && l.id !== locationId);
    message = rng.chance(0.5) && dangerous.length > 0
      ? `Rumor has it the cops are all over ${rng.pick(dangerous).name} these days. Watch yourself.`
      : `They say ${safe.length > 0 ? rng.pick(safe).name : 'the suburbs'} is quiet lately. Easy money, if you can find buyers.`;
  }
  return { message, type: 'info', category: 'rumor' };
}

/**
 * LUCKY FIND: drugs, cash, a valuable pawned on the spot, ammo for the equipped gun or a consumable.
 * Mutates the player object the caller owns.
 */
export function luckyFind(p: Player, rng: Rng): GameEvent | null {
  if (!rng.chance(FIND_CHANCE)) return null;
  const kind = rng.int(0, 3);
  let message: string;
  if (kind === 0 && p.coatSpace - p.usedSpace > 0) {
    const cheap = DRUGS.filter((d) => d.price <= 3000);
    const drug = rng.pick(cheap);
    const n = Math.min(p.coatSpace - p.usedSpace, rng.int(3, 15));
    const held = Object.hasOwn(p.inventory, drug.id) ? p.inventory[drug.id]! : { quantity: 0, totalCost: 0 };
    p.inventory = { ...p.inventory, [drug.id]: { quantity: held.quantity + n, totalCost: held.totalCost } };
    p.usedSpace += n;
    message = `You found ${n} units of ${drug.name} on a dead dude in the subway!`;
  } else if (kind === 1) {
    const cash = rng.int(5, 50) * 10;
    p.cash += cash;
    message = `You found a wallet on the sidewalk with ${formatMoney(cash)} in it!`;
  } else if (kind === 2) {
    const item = rng.pick(ITEMS);
    p.cash += item.value;
    message = `You found a ${item.name}! ${item.description}\n\nThe pawn shop gave you ${formatMoney(item.value)} for it.`;
  } else {
    const weapon = p.equippedItems.weapon ? WEAPON_BY_ID.get(p.equippedItems.weapon) : undefined;
    const ammo = weapon?.ammoId ? AMMO_BY_ID.get(weapon.ammoId) : undefined;
    const have = ammo && Object.hasOwn(p.items.ammo, ammo.id) ? p.items.ammo[ammo.id]! : 0;
    if (ammo && have < ammo.maxCarry) {
      const n = Math.min(ammo.maxCarry - have, rng.int(1, Math.max(1, Math.ceil(ammo.maxCarry / 5))));
      p.items = { ...p.items, ammo: { ...p.items.ammo, [ammo.id]: have + n } };
      message = `You found ${n} ${ammo.name} in an abandoned car!`;
    } else {
      const item = rng.pick(CONSUMABLES);
      const owned = Object.hasOwn(p.items.consumables, item.id) ? p.items.consumables[item.id]! : 0;
      p.items = { ...p.items, consumables: { ...p.items.consumables, [item.id]: owned + 1 } };
      message = `You found a ${item.name} in a dumpster. Lucky you.`;
    }
  }
  return { message, type: 'success', category: 'received_item' };
}

/** BAD NEWS: a mugging, a hole in the pocket, or a beating. Mutates the player object the caller owns. */
export function badNews(p: Player, rng: Rng): GameEvent | null {
  if (!rng.chance(LOSS_CHANCE)) return null;
  const kind = rng.int(0, 2);
  let message: string | null = null;
  if (kind === 0 && p.cash >= 100) {
    const lost = Math.max(1, Math.floor((p.cash * rng.int(10, 25)) / 100));
    p.cash -= lost;
    message = `You got mugged in a dark alley! They took ${formatMoney(lost)}.`;
  } else if (kind === 1 && p.usedSpace > 0) {
    const ids = Object.keys(p.inventory);
    const id = rng.pick(ids);
    const held = p.inventory[id]!;
    const lost = Math.max(1, Math.floor((held.quantity * rng.int(10, 30)) / 100));
    p.inventory = removeUnits(p.inventory, id, lost).inventory;
    p.usedSpace -= Math.min(lost, held.quantity);
    message = `Your ${p.rank.inventoryName.toLowerCase()} had a hole in it. You lost ${Math.min(lost, held.quantity)} ${DRUG_BY_ID.get(id)?.name ?? id}.`;
  } else if (p.health > 30) {
    const hurt = rng.int(5, 15);
    p.health -= hurt;
    message = `Some junkie jumped you for your shoes. You lost ${hurt} health.`;
  }
  return message ? { message, type: 'danger', category: 'lost_item' } : null;
}
