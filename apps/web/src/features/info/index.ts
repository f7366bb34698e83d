export { InfoView } from './InfoView';
export type { InfoViewName } from './InfoView';
export { WorldPricesView } from './WorldPricesView';
export { OtherStashesView } from './OtherStashesView';
export { ShipmentTrackingView } from './ShipmentTrackingView';
export { ChartsView } from './ChartsView';
export { LineChart } from './LineChart';
export type { LineChartProps } from './LineChart';
