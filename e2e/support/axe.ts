// Accessibility scan with axe-core injected into the page (node_modules/axe-core/axe.min.js). Every
// violation is written to e2e/screenshots/axe-{label}.json and returned; scenarios fail on 'serious' and
// 'critical' ones and print the rest.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './harness';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export async function axeScan(page: Page, label: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly blocks an injected <script>
  if (!loaded) await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async () => {
    type Node = { target: unknown[] };
    type Result = { id: string; impact: string | null; help: string; nodes: Node[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Result[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(join(SCREENSHOT_DIR, `axe-${label}.json`), JSON.stringify(violations, null, 2));
  if (violations.length > 0) {
    console.warn(
      `axe ${label}: ${violations.length} violation(s)\n` +
        violations.map((v) => `  [${v.impact}] ${v.id}: ${v.help} -> ${v.targets.join(', ')}`).join('\n'),
    );
  }
  return violations;
}

/** The violations a scenario fails on. */
export function seriousOrCritical(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
