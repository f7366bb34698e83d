// The Info navigation mode's views, as the game screen mounts them: <InfoView view="world_prices" /> etc.
import { ChartsView } from './ChartsView';
import { OtherStashesView } from './OtherStashesView';
import { ShipmentTrackingView } from './ShipmentTrackingView';
import { WorldPricesView } from './WorldPricesView';

export type InfoViewName = 'world_prices' | 'other_stashes' | 'shipment_tracking' | 'charts';

export function InfoView({ view }: { view: InfoViewName }) {
  switch (view) {
    case 'world_prices':
      return <WorldPricesView />;
    case 'other_stashes':
      return <OtherStashesView />;
    case 'shipment_tracking':
      return <ShipmentTrackingView />;
    case 'charts':
      return <ChartsView />;
  }
}

export default InfoView;
