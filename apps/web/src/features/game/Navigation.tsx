// Navigation modes (Places, Info, Inventory) and their views (SPEC.md section 2). On a phone a mode's views are one
// row that scrolls sideways; the row says there is more to one side (classes more-left, more-right: a fade).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Tabs } from '../../components/Tabs';
import { hotkeyProps, useHotkeys, type HotkeyHandler, type ShortcutId } from '../../components/useHotkeys';
import { useGameStore, type InventoryTab, type NavMode, type ViewName } from '../../store/gameStore';

/** A view, its label and its shortcut ('G' then a letter) where it has one. */
type NavItem = { label: string; view: ViewName; tab?: InventoryTab; key?: ShortcutId };

export const NAV_ITEMS: Record<NavMode, NavItem[]> = {
  places: [
    { label: 'Market', view: 'market', key: 'viewMarket' },
    { label: 'Stash', view: 'stash', key: 'viewStash' },
    { label: 'Finances', view: 'finances', key: 'viewFinances' },
    { label: 'Shopping', view: 'shopping', key: 'viewShopping' },
    { label: 'Hospital', view: 'hospital', key: 'viewHospital' },
    { label: 'Shipping', view: 'shipping' },
    { label: 'Travel', view: 'travel', key: 'viewTravel' },
  ],
  info: [
    { label: 'World Drug Prices', view: 'world_prices', key: 'viewWorldPrices' },
    { label: 'Other Stashes', view: 'other_stashes', key: 'viewOtherStashes' },
    { label: 'Shipment Tracking', view: 'shipment_tracking' },
    { label: 'Charts', view: 'charts', key: 'viewCharts' },
  ],
  inventory: [
    { label: 'Equipment', view: 'player_inventory', tab: 'equipment', key: 'viewEquipment' },
    { label: 'Drugs', view: 'player_inventory', tab: 'drugs', key: 'viewDrugs' },
    { label: 'Consumables', view: 'player_inventory', tab: 'consumables' },
  ],
};

const MODES: { id: NavMode; label: string }[] = [
  { id: 'places', label: 'Places' },
  { id: 'info', label: 'Info' },
  { id: 'inventory', label: 'Inventory' },
];

/** Shows a view from anywhere: its navigation mode, the view and the inventory tab it names. */
function goTo(mode: NavMode, item: NavItem): void {
  const { setNavMode, setView, setInventoryTab } = useGameStore.getState();
  setNavMode(mode);
  setView(item.view);
  if (item.tab) setInventoryTab(item.tab);
}

const VIEW_HOTKEYS: Partial<Record<ShortcutId, HotkeyHandler>> = Object.fromEntries(
  (Object.entries(NAV_ITEMS) as [NavMode, NavItem[]][]).flatMap(([mode, items]) =>
    items.flatMap((item) => (item.key ? [[item.key, () => goTo(mode, item)]] : [])),
  ),
);

/** Whether a row scrolled sideways has more to see on its left and on its right. */
function useSideScroll(ref: RefObject<HTMLElement | null>, content: unknown): { left: boolean; right: boolean } {
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [ref, content]);
  return more;
}

export function Navigation() {
  const navMode = useGameStore((s) => s.navMode);
  const view = useGameStore((s) => s.view);
  const tab = useGameStore((s) => s.inventoryTab);
  const { setNavMode, setView, setInventoryTab } = useGameStore.getState();
  useHotkeys(VIEW_HOTKEYS);
  const itemsRef = useRef<HTMLDivElement>(null);
  const more = useSideScroll(itemsRef, navMode);

  return (
    <nav className="game-nav" aria-label="Game navigation">
      <Tabs
        tabs={MODES}
        selected={navMode}
        label="Navigation mode"
        className="nav-modes"
        tabClassName="nav-mode"
        onSelect={(mode) => {
          setNavMode(mode);
          const first = NAV_ITEMS[mode][0];
          if (first && !NAV_ITEMS[mode].some((i) => i.view === view)) {
            setView(first.view);
            if (first.tab) setInventoryTab(first.tab);
          }
        }}
      />
      <div ref={itemsRef} className={`nav-items${more.left ? ' more-left' : ''}${more.right ? ' more-right' : ''}`}>
        {NAV_ITEMS[navMode].map((item) => {
          const active = view === item.view && (!item.tab || item.tab === tab);
          return (
            <button
              key={item.label}
              type="button"
              className={`nav-item ${active ? 'active' : ''}`}
              aria-current={active ? 'page' : undefined}
              {...(item.key ? hotkeyProps(item.key) : {})}
              onClick={() => {
                setView(item.view);
                if (item.tab) setInventoryTab(item.tab);
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
