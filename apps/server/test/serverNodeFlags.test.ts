// Every launcher of the server passes its Node flags (they must be on the command line: V8 sizes its heap at start).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, withServerNodeFlags } from '../src/serverNodeFlags';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

describe('the server Node flags', () => {
  it('npm start passes them to node before scripts/start.mjs', () => {
    const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    expect(start).toBe(['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' '));
  });

  it("the Docker image's CMD passes them too", () => {
    const cmd = readFileSync(join(root, 'Dockerfile'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(cmd).toBe(`CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs'])}`.replaceAll('","', '", "'));
  });

  it('a worker gets the flags it lacks, and keeps a value it was given', () => {
    expect(withServerNodeFlags([])).toEqual([...SERVER_NODE_FLAGS]);
    expect(withServerNodeFlags(['--import', 'tsx'])).toEqual(['--import', 'tsx', ...SERVER_NODE_FLAGS]);
    expect(withServerNodeFlags(['--max-semi-space-size=8'])).toEqual(['--max-semi-space-size=8']);
  });
});
