// Work that must not compete with the first screen: run after the page's load event, in the browser's idle time.

/** The longest `whenIdle` waits for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/** Runs `run` once the page has loaded and the main thread is idle (at the latest IDLE_TIMEOUT_MS later). */
export function whenIdle(run: () => void): void {
  if (typeof window === 'undefined') return;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
