// `npm start`: build whatever is not built yet (the web app), then serve the whole product on PORT with one
// server process per core (WORKERS, README "Configuration"). The server runs from its TypeScript sources through
// tsx, so there is no separate server build step. With WORKERS > 1 the server's primary forks workers that run
// this file again: they skip the build check (cluster.isWorker) and go straight to serving.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'apps', 'web');

/** Newest modification time of any file under dir (skipping node_modules and dist). */
function newest(dir) {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    const info = statSync(path);
    latest = Math.max(latest, info.isDirectory() ? newest(path) : info.mtimeMs);
  }
  return latest;
}

if (cluster.isPrimary && existsSync(join(webDir, 'package.json'))) {
  const builtIndex = join(webDir, 'dist', 'index.html');
  const sources = [join(webDir, 'src'), join(webDir, 'public'), join(root, 'packages')].filter(existsSync);
  const stale = !existsSync(builtIndex) || sources.some((dir) => newest(dir) > statSync(builtIndex).mtimeMs);
  if (stale && existsSync(join(webDir, 'index.html'))) {
    console.log('Building the web app...');
    // Always a production build: Vite takes NODE_ENV from the environment when it is set, and a build started
    // under a test runner (NODE_ENV=test, e.g. the e2e global setup) would otherwise ship React's development
    // build (three times the size, with its dev-only checks) to whoever runs `npm start` next.
    const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

// `--build-only`: the e2e suite's global setup builds once, then starts servers of its own.
if (process.argv.includes('--build-only')) process.exit(0);

process.env.APP_ENV ??= 'production';
// One server process per core unless WORKERS says otherwise (the server itself defaults to one).
if (!process.env.WORKERS?.trim()) process.env.WORKERS = String(availableParallelism());
const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'apps', 'server', 'src', 'main.ts'));
