// Shopping: Weapons, Armor, Ammo, Consumables, each sorted by price ascending; Buy disabled above cash. Guns say
// which ammo they fire and the rounds the player has (the engine's gunAmmo on the loaded catalogue), ammo says
// which guns it fits, and a gun bought without rounds for it says so (the engine's noAmmoWarning) in the log and
// above the table. Keys (components/useRowKeys): a row's number selects an item of the tab shown, B buys it (ammo
// and consumables ask how many).
import { useRef, useState, type ReactNode } from 'react';
import { gunAmmo, noAmmoWarning, type Ammo, type Armor, type Consumable, type Player, type ShopItemType, type Weapon } from '@drugwars/engine';
import { Table, type Column } from '../../components/Table';
import { useIsMobile } from '../../components/hooks';
import { Tabs } from '../../components/Tabs';
import { useRowKeys, type RowKeys } from '../../components/useRowKeys';
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

type ShopItem = { id: string; name: string; price: number };

/** The columns every shop table ends with: price, what the player has, and Buy. */
function shopColumns<Item extends ShopItem>(opts: {
  name: string;
  detail: Column<Item>;
  have: (item: Item) => number;
  buyButton: (item: Item) => ReactNode;
  nameTitle?: (item: Item) => string;
  /** The row's number key (drawn on desktop). */
  numberProps: (item: Item) => object;
  /** A column of words (the ammo a gun fires, the guns an ammo fits), after the detail; under the name on a phone. */
  words?: Column<Item>;
  /** A phone's narrow table: the words go under the name instead of a column of their own. */
  narrow: boolean;
}): Column<Item>[] {
  const words = opts.words;
  const under = opts.narrow && words;
  return [
    {
      header: opts.name,
      cell: (i) => (
        <>
          <span className="row-key" {...opts.numberProps(i)}>
            {i.name}
          </span>
          {under && <span className="cell-under">{words.cell(i)}</span>}
        </>
      ),
      title: opts.nameTitle,
    },
    { header: 'Price', cell: (i) => formatMoney(i.price), className: 'num' },
    opts.detail,
    ...(words && !under ? [words] : []),
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
  const sectionRef = useRef<HTMLElement>(null);
  const narrow = useIsMobile();
  const p = gs?.player;
  const cash = p?.cash ?? 0;
  const ammoHave = (a: Ammo) => p?.items.ammo[a.id] ?? 0;
  const consumableHave = (c: Consumable) => p?.items.consumables[c.id] ?? 0;

  const buyGun = async (weapon: Weapon) => {
    setNotice(null);
    const r = await shopBuy('weapon', weapon.id, weapon.name, 1);
    const after = useGameStore.getState().gameState?.player;
    const warning = r.ok && after ? noAmmoWarning(weapon, after, catalogue.ammo) : null;
    if (!warning) return;
    useGameStore.getState().addMessage(warning, 'warning');
    setNotice(warning);
  };
  // what each tab lists, and what buying one of its items does
  const tabs: Record<Tab, { rows: ShopItem[]; buy: (item: ShopItem) => void }> = {
    weapons: { rows: byPrice(catalogue.weapons), buy: (w) => void buyGun(w as Weapon) },
    armor: { rows: byPrice(catalogue.armor), buy: (a) => void shopBuy('armor', a.id, a.name, 1) },
    ammo: {
      rows: byPrice(catalogue.ammo),
      buy: (item) => {
        const a = item as Ammo;
        setQtyItem({ id: a.id, type: 'ammo', name: a.name, price: a.price, maxCarry: a.maxCarry, have: ammoHave(a) });
      },
    },
    consumables: {
      rows: byPrice(catalogue.consumables),
      buy: (item) => {
        const c = item as Consumable;
        setQtyItem({ id: c.id, type: 'consumable', name: c.name, description: c.description, price: c.price, have: consumableHave(c) });
      },
    },
  };
  const shown = tabs[tab];
  const canBuy = (item: ShopItem) => !busy && item.price <= cash;
  const keys: RowKeys<ShopItem> = useRowKeys<ShopItem>({
    rows: shown.rows,
    idOf: (i) => i.id,
    scope: sectionRef,
    actions: {
      shopBuy: (item) => (canBuy(item) ? (shown.buy(item), true) : `You can't afford ${item.name} at ${formatMoney(item.price)}.`),
    },
  });
  if (!gs || !p) return null;

  const buyButton = (item: ShopItem) => (
    <button
      type="button"
      className="btn btn-small"
      disabled={!canBuy(item)}
      aria-label={`Buy ${item.name}`}
      {...keys.actionProps(item, 'shopBuy')}
      onClick={() => shown.buy(item)}
    >
      Buy
    </button>
  );
  const numberProps = (item: ShopItem) => keys.numberProps(shown.rows.indexOf(item));
  const rowClass = (item: ShopItem) => (keys.isSelected(item) ? 'row-selected' : undefined);

  let table: ReactNode;
  if (tab === 'weapons') {
    const columns = shopColumns<Weapon>({
      name: 'Weapon',
      nameTitle: (w) => w.description,
      detail: { header: 'Damage', cell: (w) => w.damage, className: 'num' },
      have: (w) => p.weapons[w.id]?.quantity ?? 0,
      buyButton,
      numberProps,
      // after Damage: the ammo it fires and the rounds the player has
      words: { header: 'Ammo', cell: (w) => ammoCell(w, p, catalogue.ammo), className: 'ammo' },
      narrow,
    });
    table = <Table columns={columns} rows={shown.rows as Weapon[]} rowKey={(w) => w.id} rowClassName={rowClass} />;
  } else if (tab === 'armor') {
    const columns = shopColumns<Armor>({
      name: 'Armor',
      nameTitle: (a) => a.description,
      detail: { header: 'Protection', cell: (a) => a.protection, className: 'num' },
      have: (a) => p.items.armor[a.id]?.quantity ?? 0,
      buyButton,
      numberProps,
      narrow,
    });
    table = <Table columns={columns} rows={shown.rows as Armor[]} rowKey={(a) => a.id} rowClassName={rowClass} />;
  } else if (tab === 'ammo') {
    const columns = shopColumns<Ammo>({
      name: 'Ammo Type',
      detail: { header: 'Max Carry', cell: (a) => a.maxCarry, className: 'num' },
      have: ammoHave,
      buyButton,
      numberProps,
      words: { header: 'For', cell: (a) => gunsFor(a, catalogue.weapons), className: 'desc' },
      narrow,
    });
    table = <Table columns={columns} rows={shown.rows as Ammo[]} rowKey={(a) => a.id} rowClassName={rowClass} />;
  } else {
    const columns = shopColumns<Consumable>({
      name: 'Item',
      detail: { header: 'Description', cell: (c) => c.description, className: 'desc' },
      have: consumableHave,
      buyButton,
      numberProps,
      narrow,
    });
    table = <Table columns={columns} rows={shown.rows as Consumable[]} rowKey={(c) => c.id} rowClassName={rowClass} />;
  }

  return (
    <section className="view shopping-view" ref={sectionRef}>
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
