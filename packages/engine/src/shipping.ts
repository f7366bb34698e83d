// Shipping drugs to another city's stash. A shipment leaves the player's inventory now, travels for the
// company's number of days (counted at each day's end), then lands in the destination's stash or is lost
// with the company's odds. Finished shipments stay in the list with their status, for the tracking view.
import { DRUG_BY_ID, LOCATION_BY_ID, SHIPPING_COMPANY_BY_ID } from './catalogue';
import type { Rng } from './rng';
import { update } from './records';
import { accept, heldQuantity, isPositiveInt, refuse, removeUnits, setHeld, settle } from './state';
import { formatMoney } from './format';
import type { ApplyResult, GameEvent, GameState, Player, Shipment } from './types';

export function ship(state: GameState, drugId: string, quantity: number, destinationId: string, companyId: string): ApplyResult {
  const drug = DRUG_BY_ID.get(drugId);
  if (!drug) return refuse('UNKNOWN_ITEM', 'Select a drug to ship.');
  const destination = LOCATION_BY_ID.get(destinationId);
  if (!destination) return refuse('UNKNOWN_LOCATION', 'Select a destination.');
  const company = SHIPPING_COMPANY_BY_ID.get(companyId);
  if (!company) return refuse('UNKNOWN_ITEM', 'Select a shipping company.');
  if (!isPositiveInt(quantity)) return refuse('INVALID_INPUT', 'Quantity must be a whole number of at least 1');
  const p = state.player;
  if (destinationId === p.location) return refuse('ALREADY_THERE', `You're already in ${destination.name}. Stash it instead.`);
  const held = Object.hasOwn(p.inventory, drugId) ? p.inventory[drugId]! : null;
  if (!held || quantity > held.quantity) return refuse('NOT_ENOUGH_DRUGS', `You don't have that much ${drug.name}!`);
  const cost = company.pricePerUnit * quantity;
  if (cost > p.cash) return refuse('INSUFFICIENT_FUNDS', "You can't afford that much!");
  const { inventory } = removeUnits(p.inventory, drugId, quantity);
  const shipment: Shipment = {
    id: `shipment-${state.nextId}`,
    drugId,
    drugName: drug.name,
    quantity,
    destination: destination.name,
    destinationId,
    company: company.name,
    companyId,
    status: 'in transit',
    daysRemaining: company.days,
  };
  const next = update(state, {
    shipments: [...state.shipments, shipment],
    player: settle(p, { cash: p.cash - cost, inventory }),
    nextId: state.nextId + 1,
  });
  return accept(
    next,
    `Shipped ${quantity} ${drug.name} to ${destination.name} with ${company.name} for ${formatMoney(cost)}. Expected in ${company.days} day${company.days === 1 ? '' : 's'}.`,
  );
}

/**
 * One day passes for every shipment in transit. Returns the new list (or the same one when nothing is in
 * transit), the player's stash with deliveries added, and what to tell the player.
 */
export function advanceShipments(
  shipments: Shipment[],
  stash: Player['stash'],
  rng: Rng,
): { shipments: Shipment[]; stash: Player['stash']; events: GameEvent[] } {
  if (!shipments.some((s) => s.status === 'in transit')) return { shipments, stash, events: [] };
  const events: GameEvent[] = [];
  let nextStash = stash;
  const next = shipments.map((s) => {
    if (s.status !== 'in transit') return s;
    const daysRemaining = s.daysRemaining - 1;
    if (daysRemaining > 0) return { ...s, daysRemaining };
    const company = SHIPPING_COMPANY_BY_ID.get(s.companyId);
    if (rng.chance(company ? company.successRate : 0)) {
      const there = nextStash[s.destinationId] ?? {};
      nextStash = { ...nextStash, [s.destinationId]: setHeld(there, s.drugId, heldQuantity(there, s.drugId) + s.quantity) };
      events.push({
        message: `Your shipment of ${s.quantity} ${s.drugName} arrived in ${s.destination}. It's waiting in your stash there.`,
        type: 'success',
        category: 'information',
      });
      return { ...s, daysRemaining: 0, status: 'delivered' as const };
    }
    events.push({
      message: `Your shipment of ${s.quantity} ${s.drugName} to ${s.destination} never arrived. ${s.company} swears it wasn't them.`,
      type: 'danger',
      category: 'lost_item',
    });
    return { ...s, daysRemaining: 0, status: 'lost' as const };
  });
  return { shipments: next, stash: nextStash, events };
}
