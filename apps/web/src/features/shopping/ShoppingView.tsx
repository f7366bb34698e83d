// Shopping: Weapons, Armor, Ammo, Consumables, each sorted by price ascending; Buy disabled above cash. Guns say
// which ammo they fire and the rounds the player has (the engine's gunAmmo on the loaded catalogue), ammo says
// which guns it fits, and a gun bought without rounds for it says so (the engine's noAmmoWarning) in the log and
// above the table.
import { useState, type ReactNode } from 'react';
import { gunAmmo, noAmmoWarning, type Ammo, type Armor, type Consumable, type Player, type ShopItemType, type Weapon } from '@drugwars/engine';
import { Table, type Column } from '../../components/Table';
import { Tabs } from '../../components/Tabs';
import { ViewHeader } from '../../components/ViewHeader';
import { formatMoney } from '../../lib/format';
import { shopMaximum } from '../../lib/tradeLimits';
import { shopBuy } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';
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

type QuantityItem = BuyQuantityItem & { id: string; type: ShopItemType };

/** A gun's ammo cell: '9mm Rounds: 12'; a weapon that needs none says so. */
export function ammoCell(weapon: Pick<Weapon, 'ammoId'>, player: Pick<Player, 'items'>, ammo: readonly Ammo[]): string {
  const a = gunAmmo(weapon, player, ammo);
  return a ? `${a.name}: ${a.rounds}` : 'none needed';
}

/** The guns an ammo type fits, by name. */
export function gunsFor(ammo: Pick<Ammo, 'id'>, weapons: readonly Weapon[]): string {
  return weapons
    .filter((w) => w.ammoId === ammo.id)
    .map((w) => w.name)
    .join(', ');
}

/** The columns every shop table ends with: price, what the player has, and Buy. */
function shopColumns<Item extends { id: string; name: string; price: number }>(opts: {
  name: string;
  detail: Column<Item>;
  have: (item: Item) => number;
  buyButton: (item: Item) => ReactNode;
  nameTitle?: (item: Item) => string;
}): Column<Item>[] {
  return [
    { header: opts.name, cell: (i) => i.name, title: opts.nameTitle },
    { header: 'Price', cell: (i) => formatMoney(i.price), className: 'num' },
    opts.detail,
    { header: 'You Have', cell: (i) => opts.have(i), className: 'num' },
    { header: 'Buy', cell: opts.buyButton },
  ];
}

export default function ShoppingView() {
  const gs = useGameStore((s) => s.gameState);
  const catalogue = useCatalogue();
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const [tab, setTab] = useState<Tab>('weapons');
  const [qtyItem, setQtyItem] = useState<QuantityItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!gs) return null;
  const p = gs.player;
  const cash = p.cash;

  const buyButton = (item: { name: string; price: number }, onClick: () => void) => (
    <button
      type="button"
      className="btn btn-small"
      disabled={busy || item.price > cash}
      aria-label={`Buy ${item.name}`}
      onClick={onClick}
    >
      Buy
    </button>
  );
  const buyOne = (type: ShopItemType) => (item: { id: string; name: string; price: number }) =>
    buyButton(item, () => void shopBuy(type, item.id, item.name, 1));
  const buyGun = (weapon: Weapon) =>
    buyButton(weapon, async () => {
      setNotice(null);
      const r = await shopBuy('weapon', weapon.id, weapon.name, 1);
      const after = useGameStore.getState().gameState?.player;
      const warning = r.ok && after ? noAmmoWarning(weapon, after, catalogue.ammo) : null;
      if (!warning) return;
      useGameStore.getState().addMessage(warning, 'warning');
      setNotice(warning);
    });
  const ammoHave = (a: Ammo) => p.items.ammo[a.id] ?? 0;
  const consumableHave = (c: Consumable) => p.items.consumables[c.id] ?? 0;

  let table: ReactNode;
  if (tab === 'weapons') {
    const columns = shopColumns<Weapon>({
      name: 'Weapon',
      nameTitle: (w) => w.description,
      detail: { header: 'Damage', cell: (w) => w.damage, className: 'num' },
      have: (w) => p.weapons[w.id]?.quantity ?? 0,
      buyButton: buyGun,
    });
    // after Damage: the ammo it fires and the rounds the player has
    columns.splice(3, 0, { header: 'Ammo', cell: (w) => ammoCell(w, p, catalogue.ammo), className: 'ammo' });
    table = <Table columns={columns} rows={byPrice(catalogue.weapons)} rowKey={(w) => w.id} />;
  } else if (tab === 'armor') {
    const columns = shopColumns<Armor>({
      name: 'Armor',
      nameTitle: (a) => a.description,
      detail: { header: 'Protection', cell: (a) => a.protection, className: 'num' },
      have: (a) => p.items.armor[a.id]?.quantity ?? 0,
      buyButton: buyOne('armor'),
    });
    table = <Table columns={columns} rows={byPrice(catalogue.armor)} rowKey={(a) => a.id} />;
  } else if (tab === 'ammo') {
    const columns = shopColumns<Ammo>({
      name: 'Ammo Type',
      detail: { header: 'Max Carry', cell: (a) => a.maxCarry, className: 'num' },
      have: ammoHave,
      buyButton: (a) =>
        buyButton(a, () =>
          setQtyItem({ id: a.id, type: 'ammo', name: a.name, price: a.price, maxCarry: a.maxCarry, have: ammoHave(a) }),
        ),
    });
    columns.splice(3, 0, { header: 'For', cell: (a) => gunsFor(a, catalogue.weapons), className: 'desc' });
    table = <Table columns={columns} rows={byPrice(catalogue.ammo)} rowKey={(a) => a.id} />;
  } else {
    const columns = shopColumns<Consumable>({
      name: 'Item',
      detail: { header: 'Description', cell: (c) => c.description, className: 'desc' },
      have: consumableHave,
      buyButton: (c) =>
        buyButton(c, () =>
          setQtyItem({
            id: c.id,
            type: 'consumable',
            name: c.name,
            description: c.description,
            price: c.price,
            have: consumableHave(c),
          }),
        ),
    });
    table = <Table columns={columns} rows={byPrice(catalogue.consumables)} rowKey={(c) => c.id} />;
  }

  return (
    <section className="view shopping-view">
      <ViewHeader title="Shopping" />
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Shop sections" />
      {notice && (
        <p className="warning-text" role="status">
          {notice}
        </p>
      )}
      <div className="table-wrap">{table}</div>
      {qtyItem && (
        <BuyQuantityModal
          item={qtyItem}
          cash={cash}
          maximum={shopMaximum(gs, qtyItem.type, qtyItem.id)}
          onClose={() => setQtyItem(null)}
          onBuy={async (q) => {
            const r = await shopBuy(qtyItem.type, qtyItem.id, qtyItem.name, q, { refusalIn: 'dialog' });
            if (r.ok) return true;
            if (r.refused) return r.message;
            setQtyItem(null);
            return false;
          }}
        />
      )}
    </section>
  );
}
