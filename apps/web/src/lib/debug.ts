// Debug logging (SPEC.md section 6): production versus development comes from the version call's environment;
// 'development' or 'dev' turns debug logging on. Off until a version call says otherwise.
let enabled = false;

/** True for the environments that turn debug logging on ('development', 'dev'; any case). */
export function isDebugEnvironment(environment: unknown): boolean {
  if (typeof environment !== 'string') return false;
  const env = environment.trim().toLowerCase();
  return env === 'development' || env === 'dev';
}

/** Called with every version reply's environment. */
export function setEnvironment(environment: unknown): void {
  enabled = isDebugEnvironment(environment);
}

export function isDebugEnabled(): boolean {
  return enabled;
}

/** console.debug, only in a development environment. */
export function debugLog(...args: unknown[]): void {
  if (enabled) console.debug('[drugwars]', ...args);
}
