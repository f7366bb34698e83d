// Generates the enemy sprites the encounter view loads from /sprites/enemies/{sprite}.png: 24x24 pixel art
// drawn from text templates, scaled 4x with nearest-neighbour pixels, written as real PNG files with pngjs.
// Run: npx tsx scripts/src/generateSprites.ts  (writes apps/web/public/sprites/enemies/*.png)
// The sprite names must cover every `sprite` value the engine puts on an Enemy (packages/engine/src/combat*.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// pngjs ships no types; this is the one call we use.
interface PngImage {
  data: Buffer;
}
interface PngModule {
  PNG: { new (opts: { width: number; height: number }): PngImage; sync: { write(png: PngImage): Buffer } };
}
const { PNG } = createRequire(import.meta.url)('pngjs') as PngModule;

const SIZE = 24;
const SCALE = 4;

type Rgba = [number, number, number, number];
type Palette = Record<string, Rgba>;

function hex(value: string): Rgba {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

// The body: o outline, s skin, S skin shade, k black (eyes, shoes), w shirt, j jacket, J jacket shade,
// p trousers, t tie/accent. Hats, glasses and extras are overlays drawn on top.
const BODY = [
  '........................',
  '........................',
  '........................',
  '........................',
  '.........oooooo.........',
  '........osssssso........',
  '.......ossssssssо.......',
  '.......osskssksso.......',
  '.......ossssssSso.......',
  '.......osssSSsSso.......',
  '........ossmmsso........',
  '.........oSSSSo.........',
  '.....oooojwwwwjoooo.....',
  '....ojjjjjwttwjjjjjo....',
  '...ojjJjjjwttwjjjJjjo...',
  '...ojjJjjjjttjjjjJjjo...',
  '...ojjJojjjttjjjoJjjo...',
  '...ossoojjjjjjjjoosso...',
  '....oo.ojjjjjjjjo.oo....',
  '.......opppppppppo......',
  '.......oppppoppppo......',
  '.......oppppoppppo......',
  '.......okkkkokkkko......',
  '........................',
].map((row) => row.replace('о', 'o'));

type Overlay = { rows: string[]; top: number };

const POLICE_CAP: Overlay = {
  top: 2,
  rows: [
    '........cccccccc........',
    '.......cccccbbccc.......',
    '.......cccccbbccc.......',
    '......CCCCCCCCCCCC......',
  ],
};
const CHIEF_CAP: Overlay = {
  top: 1,
  rows: [
    '........cccccccc........',
    '.......cccccccccc.......',
    '.......ccccbbbbccc......',
    '.......cccccbbccc.......',
    '......bbbbbbbbbbbb......',
  ],
};
const BANDANA: Overlay = {
  top: 3,
  rows: [
    '........cccccccc........',
    '.......cccccccccccc.....',
    '.......ocCcccCcco.cc....',
  ],
};
const FEDORA: Overlay = {
  top: 1,
  rows: [
    '.........cccccc.........',
    '........ccccCccc........',
    '........cccCCccc........',
    '........bbbbbbbb........',
    '.....cccccccccccccc.....',
  ],
};
const BEANIE: Overlay = {
  top: 2,
  rows: ['.........cccccc.........', '........cccccccc........', '.......CCCCCCCCCC.......'],
};
const SHADES: Overlay = { top: 7, rows: ['........gggggggg........', '.........gg..gg.........'] };
const GOLD_CHAIN: Overlay = { top: 14, rows: ['.........b....b.........', '..........bbbb..........'] };
const STRIPES: Overlay = { top: 15, rows: ['...ojbJjjjjjjjjjjjJbjo..', '...ojbJ...........Jbjo..'] };
const CIGAR: Overlay = { top: 10, rows: ['.............kbr........'] };
const SCAR: Overlay = { top: 8, rows: ['..........r.............', '...........r............'] };

interface SpriteDef {
  palette: Record<string, string>;
  overlays: Overlay[];
}

const SKIN_LIGHT = { s: '#f2c79b', S: '#d19a6a' };
const SKIN_MID = { s: '#c98e5a', S: '#a06a3c' };
const SKIN_DARK = { s: '#8a5a36', S: '#6b4226' };

const COMMON = { o: '#101010', k: '#1a1a1a', m: '#7a2e2e', r: '#d03030', g: '#0d0d0d' };

export const SPRITES: Record<string, SpriteDef> = {
  police_officer: {
    palette: { ...COMMON, ...SKIN_LIGHT, w: '#cfd8ff', j: '#1f3b8f', J: '#152a66', t: '#0c1a40', p: '#1a2a55', c: '#1f3b8f', C: '#0c1a40', b: '#f0c419' },
    overlays: [POLICE_CAP],
  },
  police_sergeant: {
    palette: { ...COMMON, ...SKIN_MID, w: '#cfd8ff', j: '#1f3b8f', J: '#152a66', t: '#0c1a40', p: '#1a2a55', c: '#1f3b8f', C: '#0c1a40', b: '#f0c419' },
    overlays: [POLICE_CAP, STRIPES],
  },
  police_chief: {
    palette: { ...COMMON, ...SKIN_LIGHT, w: '#ffffff', j: '#15224f', J: '#0c1433', t: '#f0c419', p: '#15224f', c: '#ffffff', C: '#cccccc', b: '#f0c419' },
    overlays: [CHIEF_CAP, STRIPES],
  },
  swat_officer: {
    palette: { ...COMMON, ...SKIN_DARK, w: '#333333', j: '#222222', J: '#111111', t: '#555555', p: '#2a2a2a', c: '#222222', C: '#111111', b: '#dddddd' },
    overlays: [BEANIE, SHADES],
  },
  dea_agent: {
    palette: { ...COMMON, ...SKIN_MID, w: '#e8e8e8', j: '#2e3a2e', J: '#1e261e', t: '#f0c419', p: '#333333', c: '#2e3a2e', C: '#1e261e', b: '#f0c419' },
    overlays: [BEANIE, SHADES],
  },
  gang_member: {
    palette: { ...COMMON, ...SKIN_MID, w: '#ffffff', j: '#5a5a5a', J: '#3d3d3d', t: '#5a5a5a', p: '#2f4f7f', c: '#c62828', C: '#8e1c1c', b: '#f0c419' },
    overlays: [BANDANA],
  },
  gang_enforcer: {
    palette: { ...COMMON, ...SKIN_DARK, w: '#ffffff', j: '#2b2b2b', J: '#1b1b1b', t: '#2b2b2b', p: '#3b3b3b', c: '#1565c0', C: '#0d3c73', b: '#f0c419' },
    overlays: [BANDANA, SCAR],
  },
  gang_leader: {
    palette: { ...COMMON, ...SKIN_LIGHT, w: '#ffffff', j: '#6a1b9a', J: '#4a126c', t: '#f0c419', p: '#222222', c: '#222222', C: '#000000', b: '#6a1b9a' },
    overlays: [FEDORA, GOLD_CHAIN, SHADES],
  },
  loan_shark_goon: {
    palette: { ...COMMON, ...SKIN_LIGHT, w: '#ffffff', j: '#1c1c1c', J: '#0f0f0f', t: '#1c1c1c', p: '#1c1c1c', c: '#1c1c1c', C: '#0f0f0f', b: '#f0c419' },
    overlays: [SHADES, SCAR],
  },
  loan_shark_enforcer: {
    palette: { ...COMMON, ...SKIN_MID, w: '#dddddd', j: '#3e2723', J: '#271815', t: '#b71c1c', p: '#3e2723', c: '#3e2723', C: '#271815', b: '#f0c419' },
    overlays: [BEANIE, SHADES],
  },
  loan_shark: {
    palette: { ...COMMON, ...SKIN_LIGHT, w: '#ffffff', j: '#37474f', J: '#263238', t: '#b71c1c', p: '#37474f', c: '#263238', C: '#11181c', b: '#b71c1c' },
    overlays: [FEDORA, CIGAR, GOLD_CHAIN],
  },
  enemy: {
    palette: { ...COMMON, ...SKIN_MID, w: '#bbbbbb', j: '#4e4e4e', J: '#333333', t: '#4e4e4e', p: '#333333', c: '#4e4e4e', C: '#333333', b: '#999999' },
    overlays: [BEANIE],
  },
};

/** The 24x24 colour grid of one sprite (null = transparent). */
export function spritePixels(def: SpriteDef): (Rgba | null)[][] {
  const palette: Palette = {};
  for (const [key, value] of Object.entries(def.palette)) palette[key] = hex(value);
  const grid: (Rgba | null)[][] = BODY.map((row) => [...row].map((ch) => (ch === '.' ? null : (palette[ch] ?? null))));
  for (const overlay of def.overlays) {
    overlay.rows.forEach((row, dy) => {
      [...row].forEach((ch, x) => {
        const y = overlay.top + dy;
        if (ch === '.' || y >= SIZE || x >= SIZE) return;
        const colour = palette[ch];
        if (colour) grid[y]![x] = colour;
      });
    });
  }
  return grid;
}

export function encodeSprite(def: SpriteDef): Buffer {
  const width = SIZE * SCALE;
  const png = new PNG({ width, height: width });
  const grid = spritePixels(def);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const colour = grid[Math.floor(y / SCALE)]![Math.floor(x / SCALE)] ?? null;
      const i = (y * width + x) * 4;
      const [r, g, b, a] = colour ?? [0, 0, 0, 0];
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = a;
    }
  }
  return PNG.sync.write(png);
}

function main(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const outDir = join(here, '..', '..', 'apps', 'web', 'public', 'sprites', 'enemies');
  mkdirSync(outDir, { recursive: true });
  for (const [name, def] of Object.entries(SPRITES)) {
    const file = join(outDir, `${name}.png`);
    writeFileSync(file, encodeSprite(def));
    console.log(`wrote ${file}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
