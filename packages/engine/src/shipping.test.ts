import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { LOCATIONS, SHIPPING_COMPANY_BY_ID } from './catalogue';
import type { Rng } from './rng';
import { advanceShipments } from './shipping';
import { ok, startGame, withPlayerFields } from './testkit';
import type { GameState, Shipment } from './types';

const carrying = () => withPlayerFields(startGame(), { inventory: { weed: { quantity: 20, totalCost: 10_000 } } });
const elsewhere = () => LOCATIONS.find((l) => l.id !== startGame().location)!;

/** A stand-in PRNG that answers chance() as told (the only draw shipping makes). */
function fixedChance(result: boolean): Rng {
  return { chance: () => result } as unknown as Rng;
}

describe('ship', () => {
  it('takes the drugs and the fee and puts a shipment in transit', () => {
    const company = SHIPPING_COMPANY_BY_ID.get('fast_eddie')!;
    const to = elsewhere();
    const r = ok(apply(carrying(), { type: 'ship', drugId: 'weed', quantity: 5, destinationId: to.id, companyId: company.id }));
    expect(r.state.player.inventory['weed']).toEqual({ quantity: 15, totalCost: 7500 });
    expect(r.state.player.cash).toBe(2000 - 5 * company.pricePerUnit);
    expect(r.state.shipments).toEqual([
      {
        id: 'shipment-1',
        drugId: 'weed',
        drugName: 'Weed',
        quantity: 5,
        destination: to.name,
        destinationId: to.id,
        company: company.name,
        companyId: company.id,
        status: 'in transit',
        daysRemaining: company.days,
      },
    ]);
    expect(r.state.nextId).toBe(2);
  });

  it('refuses bad shipments', () => {
    const s = carrying();
    const base = { type: 'ship' as const, drugId: 'weed', quantity: 5, destinationId: elsewhere().id, companyId: 'fast_eddie' };
    expect(apply(s, { ...base, quantity: 21 })).toMatchObject({ ok: false, code: 'NOT_ENOUGH_DRUGS' });
    expect(apply(s, { ...base, destinationId: s.location })).toMatchObject({ ok: false, code: 'ALREADY_THERE' });
    expect(apply(s, { ...base, companyId: 'ups' })).toMatchObject({ ok: false, code: 'UNKNOWN_ITEM' });
    expect(apply(s, { ...base, destinationId: 'mars' })).toMatchObject({ ok: false, code: 'UNKNOWN_LOCATION' });
    expect(apply(s, { ...base, quantity: 0 })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(apply(withPlayerFields(s, { cash: 0 }), base)).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
  });
});

describe('shipments over the days', () => {
  const shipment = (daysRemaining: number): Shipment => ({
    id: 'shipment-1',
    drugId: 'weed',
    drugName: 'Weed',
    quantity: 5,
    destination: 'Boston',
    destinationId: 'boston',
    company: 'Fast Eddie Express',
    companyId: 'fast_eddie',
    status: 'in transit',
    daysRemaining,
  });

  it('count down, then land in the destination stash', () => {
    const moving = advanceShipments([shipment(2)], {}, fixedChance(true));
    expect(moving.shipments[0]).toMatchObject({ status: 'in transit', daysRemaining: 1 });
    expect(moving.events).toEqual([]);
    const landed = advanceShipments(moving.shipments, { boston: { weed: { quantity: 1 } } }, fixedChance(true));
    expect(landed.shipments[0]).toMatchObject({ status: 'delivered', daysRemaining: 0 });
    expect(landed.stash).toEqual({ boston: { weed: { quantity: 6 } } });
    expect(landed.events[0]!.message).toContain('arrived in Boston');
  });

  it('are lost with the odds of the company', () => {
    const lost = advanceShipments([shipment(1)], {}, fixedChance(false));
    expect(lost.shipments[0]).toMatchObject({ status: 'lost', daysRemaining: 0 });
    expect(lost.stash).toEqual({});
    expect(lost.events[0]!.category).toBe('lost_item');
    // Finished shipments are left alone.
    const again = advanceShipments(lost.shipments, {}, fixedChance(true));
    expect(again.shipments).toBe(lost.shipments);
  });

  it('arrive through the day cycle into the stash of the destination', () => {
    const to = elsewhere();
    let s: GameState = ok(apply(withPlayerFields(carrying(), { debt: 0, loanShark: null }), { type: 'ship', drugId: 'weed', quantity: 5, destinationId: to.id, companyId: 'diplomatic_pouch' })).state;
    // Diplomatic pouch: one day. Find a seed where nothing interrupts and the 97% delivery happens.
    for (let i = 1; i < 50; i++) {
      const r = ok(apply({ ...s, rng: startGame(String(i).padStart(16, '0')).rng }, { type: 'stay' }));
      if (r.state.shipments[0]!.status === 'delivered') {
        s = r.state;
        break;
      }
    }
    expect(s.shipments[0]!.status).toBe('delivered');
    expect(s.player.stash[to.id]).toEqual({ weed: { quantity: 5 } });
  });
});
