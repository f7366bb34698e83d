// Chunks that load after the first screen, and their preloading. Every route, view and modal that is its own
// chunk is declared with `lazyWithPreload` (never React's bare `lazy`), which also registers it here; once the
// first screen has its content, `preloadWhenIdle` loads every registered chunk in the browser's idle time, and
// the chunks those modules declare in turn, so no view opens on a bare "Loading...".
import { lazy, type LazyExoticComponent } from 'react';
import { whenIdle } from '../lib/whenIdle';

type Load = () => Promise<unknown>;
/** Whatever React's `lazy` accepts as a component. */
type AnyComponent = Parameters<typeof lazy>[0] extends () => Promise<{ default: infer C }> ? C : never;

/** Every preload known so far: the app's own lazy chunks and other late modules (the chart library). */
const registry = new Set<Load>();
/** Preloads `preloadAll` has started (once a page: a failed one is left to the view's own load when opened). */
const asked = new WeakSet<Load>();

/** A late module that is not a component (a library a view loads on use): preloaded with the chunks. */
export function registerPreload(load: Load): void {
  registry.add(load);
}

export type PreloadableComponent<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Loads the chunk (once); after it has loaded, the component renders at once, without suspending. */
  preload: () => Promise<{ default: T }>;
};

/**
 * React's `lazy` with a `preload()`. Once the chunk is in, the component's loader answers with an
 * already-settled thenable, which React reads synchronously: a preloaded view mounts in the same render and
 * its Suspense fallback never shows. A failed load is forgotten, so the next render or preload tries again.
 */
export function lazyWithPreload<T extends AnyComponent>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loaded: { default: T } | null = null;
  let pending: Promise<{ default: T }> | null = null;
  const preload = (): Promise<{ default: T }> => {
    if (loaded) return Promise.resolve(loaded);
    pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const settled = (module: { default: T }) =>
    ({ then: (resolve: (m: { default: T }) => void) => resolve(module) }) as unknown as Promise<{ default: T }>;
  const component = lazy(() => (loaded ? settled(loaded) : preload()));
  registerPreload(preload);
  return Object.assign(component, { preload });
}

/**
 * Loads every registered chunk, then whatever those chunks registered, until nothing new turns up: one at a
 * time, each after `pause()` (an idle moment of the browser), so each chunk's evaluation is a short task of its
 * own instead of one long one. Failures (offline, a deploy in between) are left to the view's own load when it
 * is opened.
 */
export async function preloadAll(pause: () => Promise<void> = () => Promise.resolve()): Promise<void> {
  for (;;) {
    const next = [...registry].find((load) => !asked.has(load));
    if (!next) return;
    asked.add(next);
    await pause();
    await next().catch(() => undefined);
  }
}

let scheduled = false;

/** Preloads everything once, when the page has loaded and the main thread is idle. Later calls do nothing. */
export function preloadWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  const idle = () => new Promise<void>((resume) => whenIdle(resume));
  void preloadAll(idle);
}
