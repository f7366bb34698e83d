// The browser asks for /favicon.ico: a real icon ships in public/ and index.html links it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = join(import.meta.dirname, '..');

describe('favicon', () => {
  it('public/favicon.ico is an ICO holding 16, 32 and 48 px PNG images', () => {
    const ico = readFileSync(join(webRoot, 'public', 'favicon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]); // reserved, type icon
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      const image = ico.subarray(offset, offset + length);
      expect([...image.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(image.readUInt32BE(16)).toBe(ico[entry]); // PNG width = directory width
      sizes.push(ico[entry]!);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('index.html links it', () => {
    const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
    expect(html).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
  });
});
