// Builds the web app once (as `npm start` would) before any scenario starts its own server.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export default function setup(): void {
  const root = resolve(import.meta.dirname, '..');
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('e2e: building the web app failed');
}
