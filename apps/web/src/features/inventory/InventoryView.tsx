// The Inventory navigation mode's views, as the game screen mounts them: <InventoryView tab="equipment" /> etc.
import { ConsumablesView } from './ConsumablesView';
import { DrugsView } from './DrugsView';
import { EquipmentView } from './EquipmentView';

export type InventoryTabName = 'equipment' | 'drugs' | 'consumables';

export function InventoryView({ tab }: { tab: InventoryTabName }) {
  switch (tab) {
    case 'equipment':
      return <EquipmentView />;
    case 'drugs':
      return <DrugsView />;
    case 'consumables':
      return <ConsumablesView />;
  }
}

export default InventoryView;
