import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fixtures';
import { randomAcknowledgeText } from './gameStore';
import { acknowledgeTexts, baseLanguage, getStrings, loadStrings, resetStrings } from './strings';

afterEach(() => {
  resetStrings();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('strings catalogue', () => {
  it('asks for the browser language and takes the acknowledge texts from buttons_positive', async () => {
    const stub = stubFetch({
      'GET /api/strings/es': {
        body: {
          success: true,
          language: 'es',
          strings: { buttons_positive: { gotIt: 'Entendido', word: 'Palabra', sweet: '' }, buttons_negative: {}, encounters: { title: '¡ENCUENTRO!' } },
        },
      },
    });
    vi.stubGlobal('fetch', stub.fn);
    await loadStrings(baseLanguage('es-MX'));
    expect(stub.calls[0]?.url).toBe('/api/strings/es');
    // missing or blank texts keep the built-in ones
    expect(acknowledgeTexts()).toEqual(['Entendido', 'Whatever', 'Sweet', 'Palabra']);
    expect(getStrings().encounters.title).toBe('¡ENCUENTRO!');
    expect(randomAcknowledgeText(() => 0)).toBe('Entendido');
  });

  it('keeps the built-in texts when the call fails (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', stubFetch({}).fn);
    await loadStrings('en');
    expect(acknowledgeTexts()).toEqual(['Got it', 'Whatever', 'Sweet', 'Word']);
    expect(warn).toHaveBeenCalled();
  });

  it('reads the language part of a tag', () => {
    expect(baseLanguage('en-US')).toBe('en');
    expect(baseLanguage('PT_br')).toBe('pt');
    expect(baseLanguage('')).toBe('en');
    expect(baseLanguage(undefined)).toBe('en');
  });
});
