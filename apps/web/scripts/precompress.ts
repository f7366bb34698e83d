// precompress(): a Vite build plugin that writes a brotli (.br) and a gzip (.gz) copy next to every compressible
// file of the finished build, so the server sends bytes compressed once at build time (at the strongest
// settings) instead of compressing on every request. It runs after every other plugin's closeBundle, so the
// service worker and its Workbox runtime (written by vite-plugin-pwa at that stage) are compressed too.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text formats worth compressing; images (PNG, ICO) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|webmanifest|svg|txt|map)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes PATH.br and PATH.gz for each compressible file of dir that gains from it; returns how many. */
export function precompressDirectory(dir: string): number {
  let written = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < raw.length) {
      writeFileSync(`${path}.br`, br);
      written++;
    }
    if (gz.length < raw.length) {
      writeFileSync(`${path}.gz`, gz);
      written++;
    }
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'drugwars:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const count = precompressDirectory(outDir);
        this.info?.(`precompressed ${count} files (brotli and gzip)`);
      },
    },
  };
}
