// The view the navigation has chosen (SPEC.md section 2): the one table of which feature's view shows for which
// ViewName. The market, stash, travel and hospital views ship with the game screen; the others are their own
// chunks, preloaded once the first screen has its content (components/lazyWithPreload), so none opens on a
// bare fallback.
import { useGameStore, type ViewName } from '../../store/gameStore';
import { HospitalView } from '../hospital/HospitalView';
import { MarketView } from '../market/MarketView';
import { StashView } from '../stash/StashView';
import { TravelView } from '../travel/TravelView';
import { lazyWithPreload } from '../../components/lazyWithPreload';

const ShoppingView = lazyWithPreload(() => import('../shopping/ShoppingView'));
const FinancesView = lazyWithPreload(() => import('../finances/FinancesView'));
const ShippingView = lazyWithPreload(() => import('../shipping/ShippingView'));
const InventoryView = lazyWithPreload(() => import('../inventory/InventoryView'));
const InfoView = lazyWithPreload(() => import('../info/InfoView'));

export function CurrentView({ view }: { view: ViewName }) {
  const tab = useGameStore((s) => s.inventoryTab);
  switch (view) {
    case 'market':
      return <MarketView />;
    case 'stash':
      return <StashView />;
    case 'travel':
      return <TravelView />;
    case 'hospital':
      return <HospitalView />;
    case 'shopping':
      return <ShoppingView />;
    case 'finances':
      return <FinancesView />;
    case 'shipping':
      return <ShippingView />;
    case 'player_inventory':
      return <InventoryView tab={tab} />;
    case 'world_prices':
    case 'other_stashes':
    case 'shipment_tracking':
    case 'charts':
      return <InfoView view={view} />;
  }
}
