// `npm run build --workspace apps/server`: the server as JavaScript, dist/main.js, which `npm start` and the Docker
// image run. esbuild bundles the server's TypeScript with the workspace packages it imports (engine and protocol
// are TypeScript sources too); every npm dependency of the server stays an import, found in node_modules at run
// time. Modules loaded by path at run time (a worker thread's .mjs, `new URL(..., import.meta.url)`) are copied
// next to the bundle, where that URL then points.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@drugwars/'))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile: join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  logLevel: 'warning',
});
mkdirSync(dist, { recursive: true });
for (const file of readdirSync(join(here, 'src'), { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.mjs')) copyFileSync(join(here, 'src', file), join(dist, basename(file)));
}
