// The web app as `npm start` builds it (the global setup runs the same build under the test runner): a production
// build, and a first screen that loads less than the 150 KB gzip of JavaScript the product allows itself.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');
const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

/** The scripts index.html loads or preloads before anything else: the first screen's JavaScript. */
function initialScripts(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

describe('production build', () => {
  it('ships React in production mode even when built under a test runner (NODE_ENV=test)', () => {
    const scripts = initialScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const code = scripts.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
    // React's development build carries its warnings; the production build does not.
    expect(code).toContain('react.');
    expect(code).not.toContain('unique "key" prop');
  });

  it(`loads under ${INITIAL_JS_BUDGET_BYTES / 1024} KB of gzip JavaScript for the first screen`, () => {
    const sizes = initialScripts().map((file) => gzipSync(readFileSync(join(dist, file))).length);
    const total = sizes.reduce((a, b) => a + b, 0);
    console.log(`initial JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files`);
    expect(total).toBeLessThan(INITIAL_JS_BUDGET_BYTES);
  });
});
