// Optional modules built by WEB-PLAY (audio, analytics) and the views mounted from their folders are found
// with import.meta.glob, so the shell builds and runs whether or not a module exists yet, and each one is
// its own lazily loaded chunk.
import { lazy, type ComponentType } from 'react';

type InitModule = { init?: () => void; default?: () => void };

const initModules = import.meta.glob<InitModule>(['./audio/index.ts', './analytics/index.ts']);

let started = false;
export function startPlugins(): void {
  if (started) return;
  started = true;
  for (const load of Object.values(initModules)) {
    load()
      .then((m) => (m.init ?? m.default)?.())
      .catch((err) => console.warn('plugin failed to start', err));
  }
}

type ComponentModule<P> = { default: ComponentType<P> };

const viewModules = import.meta.glob<ComponentModule<never>>([
  './features/encounter/EncounterView.tsx',
  './features/info/InfoView.tsx',
  './features/inventory/InventoryView.tsx',
  './features/stats/StatsModal.tsx',
  './features/connection/SessionLostModal.tsx',
]);

/** A lazy component for a mounted module, or null when the file is not there. */
export function lazyMount<P>(path: string): ComponentType<P> | null {
  const load = viewModules[path] as (() => Promise<ComponentModule<P>>) | undefined;
  if (!load) return null;
  return lazy(load) as unknown as ComponentType<P>;
}

export const EncounterView = lazyMount<Record<string, never>>('./features/encounter/EncounterView.tsx');
export const InfoView = lazyMount<{ view: 'world_prices' | 'other_stashes' | 'shipment_tracking' | 'charts' }>(
  './features/info/InfoView.tsx',
);
export const InventoryView = lazyMount<{ tab: 'equipment' | 'drugs' | 'consumables' }>(
  './features/inventory/InventoryView.tsx',
);
export const StatsModal = lazyMount<{ onClose: () => void }>('./features/stats/StatsModal.tsx');
export const SessionLostModal = lazyMount<{ message: string; onClose: () => void }>(
  './features/connection/SessionLostModal.tsx',
);
