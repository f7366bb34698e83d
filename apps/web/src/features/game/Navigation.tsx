// Navigation modes (Places, Info, Inventory) and their views (SPEC.md section 2).
import { Tabs } from '../../components/Tabs';
import { useGameStore, type InventoryTab, type NavMode, type ViewName } from '../../store/gameStore';

type NavItem = { label: string; view: ViewName; tab?: InventoryTab };

export const NAV_ITEMS: Record<NavMode, NavItem[]> = {
  places: [
    { label: 'Market', view: 'market' },
    { label: 'Stash', view: 'stash' },
    { label: 'Finances', view: 'finances' },
    { label: 'Shopping', view: 'shopping' },
    { label: 'Hospital', view: 'hospital' },
    { label: 'Shipping', view: 'shipping' },
    { label: 'Travel', view: 'travel' },
  ],
  info: [
    { label: 'World Drug Prices', view: 'world_prices' },
    { label: 'Other Stashes', view: 'other_stashes' },
    { label: 'Shipment Tracking', view: 'shipment_tracking' },
    { label: 'Charts', view: 'charts' },
  ],
  inventory: [
    { label: 'Equipment', view: 'player_inventory', tab: 'equipment' },
    { label: 'Drugs', view: 'player_inventory', tab: 'drugs' },
    { label: 'Consumables', view: 'player_inventory', tab: 'consumables' },
  ],
};

const MODES: { id: NavMode; label: string }[] = [
  { id: 'places', label: 'Places' },
  { id: 'info', label: 'Info' },
  { id: 'inventory', label: 'Inventory' },
];

export function Navigation() {
  const navMode = useGameStore((s) => s.navMode);
  const view = useGameStore((s) => s.view);
  const tab = useGameStore((s) => s.inventoryTab);
  const { setNavMode, setView, setInventoryTab } = useGameStore.getState();

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
