export { InventoryView } from './InventoryView';
export type { InventoryTabName } from './InventoryView';
export { EquipmentView } from './EquipmentView';
export { DrugsView } from './DrugsView';
export { ConsumablesView } from './ConsumablesView';
