#!/usr/bin/env node
// Writes the app's icons from one pixel-art grid: a green '$' on black in a dim green frame (the terminal look
// of the game). public/favicon.ico holds 16, 32 and 48 px PNG images; public/icons/ holds the web manifest's
// 192 and 512 px icons, a 512 px maskable icon (the art in the middle 62.5%, so a launcher's round or squircle
// mask never cuts the '$'; a circle may trim the frame's corners) and the 180 px apple-touch-icon. No dependencies (PNG built with node:zlib).
// Run: node apps/web/scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

// 16 x 16: '#' bright green, '+' dim green frame, '.' black
const GRID = [
  '++++++++++++++++',
  '+..............+',
  '+......##......+',
  '+....######....+',
  '+...##.##..##..+',
  '+...##.##......+',
  '+....####......+',
  '+......####....+',
  '+......##.##...+',
  '+......##..##..+',
  '+...##.##..##..+',
  '+....######....+',
  '+......##......+',
  '+..............+',
  '+..............+',
  '++++++++++++++++',
];
const COLOURS = { '#': [0x33, 0xff, 0x66, 0xff], '+': [0x1a, 0x80, 0x33, 0xff], '.': [0x00, 0x00, 0x00, 0xff] };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A size x size PNG of the grid; `padding` px of black around it (maskable icons keep their art centred). */
function png(size, padding = 0) {
  const scale = (size - 2 * padding) / GRID.length;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) {
      const gy = Math.floor((y - padding) / scale);
      const gx = Math.floor((x - padding) / scale);
      const inside = gy >= 0 && gy < GRID.length && gx >= 0 && gx < GRID.length;
      const c = COLOURS[inside ? GRID[gy][gx] : '.'];
      row.set(c, 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function ico(sizes) {
  const images = sizes.map(png);
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((img, i) => {
    const e = Buffer.alloc(16);
    e[0] = sizes[i] % 256; // 0 means 256
    e[1] = sizes[i] % 256;
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(img.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += img.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const iconsDir = join(publicDir, 'icons');
mkdirSync(iconsDir, { recursive: true });
const files = {
  [join(publicDir, 'favicon.ico')]: ico([16, 32, 48]),
  [join(iconsDir, 'icon-192.png')]: png(192),
  [join(iconsDir, 'icon-512.png')]: png(512),
  // The maskable safe zone is the centre circle of 80% diameter: 96 px of black each side keeps the '$' in it.
  [join(iconsDir, 'icon-maskable-512.png')]: png(512, 96),
  [join(iconsDir, 'apple-touch-icon.png')]: png(180),
};
for (const [path, data] of Object.entries(files)) {
  writeFileSync(path, data);
  console.log(`wrote ${path}`);
}
