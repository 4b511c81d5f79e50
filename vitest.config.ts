import { defineConfig } from 'vitest/config'

/** Browser tests that time the page (longest main-thread task) or are the browser benchmark. */
const E2E_ALONE = [
  'tests/e2e/playground-large.e2e.ts',
  'tests/e2e/practice-sandbox.e2e.ts',
  'tests/e2e/perf-measure.e2e.ts',
]

// Projects: unit/property/content run in Node (a stray `window` in the engine fails there);
// e2e drives the production build in Debian's Chromium; conformance talks to a real RabbitMQ.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/content/**/*.test.ts'],
          // A guard against hangs, not a speed check: property tests of a few seconds alone take 3–4×
          // longer while e2e and conformance share the two cores.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          exclude: E2E_ALONE,
          globalSetup: ['tests/e2e/global-setup.ts'],
          // After unit and conformance (scripts/test-all.mjs runs them first), two files at a time:
          // each drives its own Chromium, which waits on rendering as much as it computes.
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 90_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e-alone',
          environment: 'node',
          include: E2E_ALONE,
          // The browser benchmark is printed, not asserted: out of the pass count, run by
          // `npm run bench:browser`.
          exclude: process.env.BENCH_BROWSER === '1' ? [] : ['tests/e2e/perf-measure.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Last and one file at a time, alone on the machine: page-responsiveness checks (the longest
          // main-thread task while a large topology or a hostile sandbox runs) and the browser
          // benchmark must not share the two cores.
          sequence: { groupOrder: 2 },
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['tests/conformance/**/*.conf.ts'],
          globalSetup: ['tests/conformance/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
