// Navigation modes (Places, Info, Inventory) and their views (SPEC.md section 2).
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

export function Navigation() {
  const navMode = useGameStore((s) => s.navMode);
  const view = useGameStore((s) => s.view);
  const tab = useGameStore((s) => s.inventoryTab);
  const { setNavMode, setView, setInventoryTab } = useGameStore.getState();
  useHotkeys(VIEW_HOTKEYS);

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
      <div className="nav-items">
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
