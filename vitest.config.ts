import { defineConfig } from 'vitest/config';

// One runner for everything `npm test` checks; each workspace is a project.
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      { test: { name: 'engine', root: './packages/engine', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'protocol', root: './packages/protocol', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['./globalSetup.ts'],
        },
      },
    ],
  },
});
