/**
 * `npm run bench [-- --quick]`: topic index vs qlobber vs one DP per binding, headers index vs a
 * linear scan, all on seeded workloads, CPU time, medians; then hostile inputs (big scripts, deep
 * values, link bombs). Writes bench/results-latest.json. `-- --only topic|headers|analysis` runs one section.
 */
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { benchAnalysis, renderAnalysis } from './analysis-bench'
import { benchHeaders } from './headers-bench'
import { benchInputs, renderInputs } from './input-bench'
import { hasGc } from './measure'
import { naiveMatcher } from './naive-scan'
import { renderReport } from './report'
import { benchTopic } from './topic-bench'
import { topicEdgeCheck } from './topic-edge-check'

const quick = process.argv.includes('--quick')
/** `--only topic` / `--only headers`: one section (for working on one index; not for the docs). */
const onlyAt = process.argv.indexOf('--only')
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined
const cfg = quick
  ? { keys: 10_000, rounds: 3, builds: 1, buildWork: 1e4, naiveWork: 1e5, messages: 3_000 }
  : { keys: 100_000, rounds: 5, builds: 3, buildWork: 5e4, naiveWork: 1e6, messages: 20_000 }
const started = Date.now()
if (!hasGc) console.warn('warning: run with --expose-gc (npm run bench does) or heap figures are noise')

// Warm both sides up so neither pays the JIT's first-run cost inside a measurement.
benchTopic(20_000, { keys: 10_000, rounds: 1, builds: 4, buildWork: 0, naiveWork: 1e5 })
benchHeaders(50, 2_000, 1)

// The existing workload (30% of bindings with a wildcard), then a second one with 40%.
const topic = (only !== undefined && only !== 'topic' ? [] : [0.3, 0.4]).flatMap((share) =>
  [1_000, 10_000, 100_000].map((n) => {
    const row = benchTopic(n, cfg, share)
    console.error(
      `topic ${share * 100}% wildcards N=${n} done at ${((Date.now() - started) / 1000).toFixed(0)} s`,
    )
    return row
  }),
)
const headers = (only !== undefined && only !== 'headers' ? [] : [10, 100, 1000]).map((b) =>
  benchHeaders(b, cfg.messages, cfg.rounds),
)
const edge = topicEdgeCheck()
const analysis =
  only === undefined || only === 'analysis'
    ? benchAnalysis(quick ? [1_000] : [1_000, 10_000], quick ? 1 : 3)
    : []
const inputs = only === undefined ? benchInputs() : []
const seconds = (Date.now() - started) / 1000
const cpuSeconds = process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6

console.log(renderReport(topic, headers, edge))
console.log(`\n${renderInputs(inputs)}`)
if (analysis.length > 0) console.log(`\n${renderAnalysis(analysis)}`)
console.log(
  `\nnaive matcher: ${naiveMatcher.name}; mode: ${quick ? 'quick' : 'full'}; ${seconds.toFixed(0)} s wall, ${cpuSeconds.toFixed(0)} s CPU`,
)
const failed =
  topic.some((t) => t.crossCheck.mismatches > 0) ||
  headers.some((h) => h.mismatches > 0) ||
  edge.engineMismatches > 0
writeFileSync(
  new URL('./results-latest.json', import.meta.url),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      mode: quick ? 'quick' : 'full',
      config: cfg,
      node: process.version,
      cpu: cpus()[0]?.model,
      naiveMatcher: naiveMatcher.name,
      seconds,
      cpuSeconds,
      topic,
      headers,
      edge,
      inputs,
    },
    null,
    2,
  )}\n`,
)
if (failed) {
  console.error('cross-check FAILED: the implementations disagree')
  process.exitCode = 1
}
