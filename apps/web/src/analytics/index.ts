export {
  startAnalytics,
  trackPageView,
  trackFunnel,
  trackEvent,
  configureAnalytics,
  setAnalyticsSession,
  getAnalyticsSession,
  detectBrowser,
  countryFromLanguage,
  collectVisitorInfo,
} from './analytics';
export type { AnalyticsEvent, GameEventCategory, VisitorInfo, Browser } from './analytics';
export { init, usePageViewTracking, eventForSignal } from './init';
