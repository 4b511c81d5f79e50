import { defineConfig } from 'vitest/config'

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
          // The browser performance figures are a benchmark (printed, not asserted): out of the pass
          // count, run by `npm run bench:browser`.
          exclude: process.env.BENCH_BROWSER === '1' ? [] : ['tests/e2e/perf-measure.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // After unit and conformance, alone on the machine: the page-responsiveness checks (longest
          // task) and the performance figures must not share the two cores with a broker and javac.
          sequence: { groupOrder: 1 },
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
