// `npm start`: build whatever is out of date (the web app, the server's JavaScript), then serve the whole product on
// PORT with one server process per core (WORKERS, README "Configuration"). A part is built only where its sources
// are (a checkout; the Docker image holds the built files alone). With WORKERS > 1 the server's primary forks
// workers that run this file again: they skip the build (cluster.isWorker) and go straight to serving.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = join(root, 'packages');
const web = { dir: join(root, 'apps', 'web'), built: join('dist', 'index.html'), sources: ['src', 'public', 'index.html'] };
const server = { dir: join(root, 'apps', 'server'), built: join('dist', 'main.js'), sources: ['src', 'build.mjs'] };

/** Newest modification time of any file under path (skipping node_modules and dist). */
function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) {
    if (name !== 'node_modules' && name !== 'dist') latest = Math.max(latest, newest(join(path, name)));
  }
  return latest;
}

/** Runs the part's `npm run build` when its sources are here and newer than what was built from them. */
function buildIfStale(part, name) {
  const sources = part.sources.map((s) => join(part.dir, s)).filter(existsSync);
  if (sources.length === 0) return;
  const built = join(part.dir, part.built);
  const stale = !existsSync(built) || [...sources, packages].some((s) => existsSync(s) && newest(s) > statSync(built).mtimeMs);
  if (!stale) return;
  console.log(`Building the ${name}...`);
  // Always a production build: Vite takes NODE_ENV from the environment when it is set, and a build started under
  // a test runner (NODE_ENV=test, e.g. the e2e global setup) would otherwise ship React's development build.
  const build = spawnSync('npm', ['run', 'build', '--workspace', part.dir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (cluster.isPrimary) {
  buildIfStale(web, 'web app');
  buildIfStale(server, 'server');
}

// `--build-only`: the e2e suite's global setup builds once, then starts servers of its own.
if (process.argv.includes('--build-only')) process.exit(0);

process.env.APP_ENV ??= 'production';
// One server process per core unless WORKERS says otherwise (the server itself defaults to one).
if (!process.env.WORKERS?.trim()) process.env.WORKERS = String(availableParallelism());
await import(pathToFileURL(join(server.dir, server.built)).href);
