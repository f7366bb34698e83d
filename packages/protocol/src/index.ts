// @drugwars/protocol: the one schema source for the API (DESIGN.md section 3). The server validates and
// serializes with these schemas; the web client imports the static types.
export * from './common';
export * from './constants';
export * from './endpoints';
export * from './catalogue';
export * from './gameState';
export * from './requests';
export * from './replay';
export * from './responses';
export * from './routes';
