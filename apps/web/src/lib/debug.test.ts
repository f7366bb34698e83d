import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fixtures';
import { api } from '../api/client';
import { debugLog, isDebugEnabled, isDebugEnvironment, setEnvironment } from './debug';

afterEach(() => {
  setEnvironment(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('debug logging (SPEC.md section 6)', () => {
  it('is on only for development or dev', () => {
    expect(isDebugEnvironment('development')).toBe(true);
    expect(isDebugEnvironment('dev')).toBe(true);
    expect(isDebugEnvironment('DEV')).toBe(true);
    expect(isDebugEnvironment('production')).toBe(false);
    expect(isDebugEnvironment('staging')).toBe(false);
    expect(isDebugEnvironment(undefined)).toBe(false);
  });

  it("follows the version call's environment and logs only when on", async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/version': { body: { version: '2.2.0-DEV', environment: 'development' } } }).fn);
    await api.version();
    expect(isDebugEnabled()).toBe(true);
    expect(debug).not.toHaveBeenCalled(); // off until the first reply said otherwise
    await api.version();
    expect(debug).toHaveBeenCalledWith('[drugwars]', 'GET', '/version', 200);
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/version': { body: { version: '2.2.0-PROD', environment: 'production' } } }).fn);
    await api.version();
    debug.mockClear();
    expect(isDebugEnabled()).toBe(false);
    debugLog('quiet');
    expect(debug).not.toHaveBeenCalled();
  });
});
