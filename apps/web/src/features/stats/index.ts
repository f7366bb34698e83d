export { StatsModal, StatsModal as GameStatsModal } from './StatsModal';
export { summaryRows, actionLines, tradeTotals, linesThatFit } from './gameStats';
