// Every sprite name the engine can put on an Enemy has a real PNG under public/sprites/enemies.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENEMY_SPRITES } from '@drugwars/engine';

const DIR = join(import.meta.dirname, '..', '..', '..', 'public', 'sprites', 'enemies');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('enemy sprites', () => {
  it('has a PNG for every engine sprite name', () => {
    expect(ENEMY_SPRITES.length).toBeGreaterThan(0);
    for (const name of ENEMY_SPRITES) {
      const file = join(DIR, `${name}.png`);
      expect(existsSync(file), `${name}.png`).toBe(true);
      const bytes = readFileSync(file);
      expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      // IHDR: width and height (big-endian) at bytes 16..23
      expect(bytes.readUInt32BE(16)).toBe(96);
      expect(bytes.readUInt32BE(20)).toBe(96);
    }
  });
});
