// Shopping: Weapons, Armor, Ammo, Consumables, each sorted by price ascending; Buy disabled above cash.
import { useState, type ReactNode } from 'react';
import type { ShopItemType } from '@drugwars/engine';
import { formatMoney } from '../../lib/format';
import { shopBuy } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { ViewHeader } from '../game/ViewHeader';
import { BuyQuantityModal, type BuyQuantityItem } from './BuyQuantityModal';

type Tab = 'weapons' | 'armor' | 'ammo' | 'consumables';
const TABS: { id: Tab; label: string }[] = [
  { id: 'weapons', label: 'Weapons' },
  { id: 'armor', label: 'Armor' },
  { id: 'ammo', label: 'Ammo' },
  { id: 'consumables', label: 'Consumables' },
];

export function byPrice<T extends { price: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.price - b.price);
}

export default function ShoppingView() {
  const gs = useGameStore((s) => s.gameState);
  const data = useGameStore((s) => s.gameData);
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const [tab, setTab] = useState<Tab>('weapons');
  const [qtyItem, setQtyItem] = useState<(BuyQuantityItem & { id: string; type: ShopItemType }) | null>(null);
  if (!gs) return null;
  const p = gs.player;
  const cash = p.cash;

  const buyOne = (type: ShopItemType, id: string, name: string) => void shopBuy(type, id, name, 1);

  const buyButton = (price: number, label: string, onClick: () => void) => (
    <button
      type="button"
      className="btn btn-small"
      disabled={busy || price > cash}
      aria-label={`Buy ${label}`}
      onClick={onClick}
    >
      Buy
    </button>
  );

  let table: ReactNode = null;
  if (tab === 'weapons') {
    table = (
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Weapon</th>
            <th scope="col">Price</th>
            <th scope="col">Damage</th>
            <th scope="col">You Have</th>
            <th scope="col">Buy</th>
          </tr>
        </thead>
        <tbody>
          {byPrice(data.weapons ?? []).map((w) => (
            <tr key={w.id}>
              <td title={w.description}>{w.name}</td>
              <td className="num">{formatMoney(w.price)}</td>
              <td className="num">{w.damage}</td>
              <td className="num">{p.weapons[w.id]?.quantity ?? 0}</td>
              <td>{buyButton(w.price, w.name, () => buyOne('weapon', w.id, w.name))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else if (tab === 'armor') {
    table = (
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Armor</th>
            <th scope="col">Price</th>
            <th scope="col">Protection</th>
            <th scope="col">You Have</th>
            <th scope="col">Buy</th>
          </tr>
        </thead>
        <tbody>
          {byPrice(data.armor ?? []).map((a) => (
            <tr key={a.id}>
              <td title={a.description}>{a.name}</td>
              <td className="num">{formatMoney(a.price)}</td>
              <td className="num">{a.protection}</td>
              <td className="num">{p.items.armor[a.id]?.quantity ?? 0}</td>
              <td>{buyButton(a.price, a.name, () => buyOne('armor', a.id, a.name))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else if (tab === 'ammo') {
    table = (
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Ammo Type</th>
            <th scope="col">Price</th>
            <th scope="col">Max Carry</th>
            <th scope="col">You Have</th>
            <th scope="col">Buy</th>
          </tr>
        </thead>
        <tbody>
          {byPrice(data.ammo ?? []).map((a) => {
            const have = p.items.ammo[a.id] ?? 0;
            return (
              <tr key={a.id}>
                <td>{a.name}</td>
                <td className="num">{formatMoney(a.price)}</td>
                <td className="num">{a.maxCarry}</td>
                <td className="num">{have}</td>
                <td>
                  {buyButton(a.price, a.name, () =>
                    setQtyItem({ id: a.id, type: 'ammo', name: a.name, price: a.price, maxCarry: a.maxCarry, have }),
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  } else {
    table = (
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Price</th>
            <th scope="col">Description</th>
            <th scope="col">You Have</th>
            <th scope="col">Buy</th>
          </tr>
        </thead>
        <tbody>
          {byPrice(data.consumables ?? []).map((c) => {
            const have = p.items.consumables[c.id] ?? 0;
            return (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td className="num">{formatMoney(c.price)}</td>
                <td className="desc">{c.description}</td>
                <td className="num">{have}</td>
                <td>
                  {buyButton(c.price, c.name, () =>
                    setQtyItem({
                      id: c.id,
                      type: 'consumable',
                      name: c.name,
                      description: c.description,
                      price: c.price,
                      have,
                    }),
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  }

  return (
    <section className="view shopping-view">
      <ViewHeader title="Shopping" />
      <div className="tabs" role="tablist" aria-label="Shop sections">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`tab ${tab === t.id ? 'active' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="table-wrap">{table}</div>
      {qtyItem && (
        <BuyQuantityModal
          item={qtyItem}
          cash={cash}
          onClose={() => setQtyItem(null)}
          onBuy={async (q) => {
            const r = await shopBuy(qtyItem.type, qtyItem.id, qtyItem.name, q);
            if (!r.ok) setQtyItem(null);
            return r.ok;
          }}
        />
      )}
    </section>
  );
}
