// Work that must not compete with the first screen (preloads, analytics, the synthesizer, the strings): run in
// the browser's idle time once the page has loaded AND the first screen shows its content (the shell says when:
// at once on most pages, once the game state is in on the game screen). Until then the screen's own requests
// have the network (six connections on HTTP/1.1) to themselves.

/** The longest `whenIdle` waits for an idle moment once it may run. */
const IDLE_TIMEOUT_MS = 2000;

let ready = false;
const waiting: (() => void)[] = [];

/** The first screen has its content: idle work may start. Later calls do nothing. */
export function firstScreenReady(): void {
  if (ready) return;
  ready = true;
  for (const run of waiting.splice(0)) run();
}

/** Runs `run` after the page's load event and `firstScreenReady()`, when the main thread is idle. */
export function whenIdle(run: () => void): void {
  if (typeof window === 'undefined') return;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  const loaded = () => (ready ? idle() : waiting.push(idle));
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}
