#!/usr/bin/env node
/**
 * `npm test`: everything CI checks, in order — system packages, format/lint, typecheck, production
 * build (with its first-load size), then unit + property + content beside conformance (real
 * RabbitMQ), then e2e (Chromium). Ends with the plain line `N passed, N failed` that CI reads:
 * each pre-step counts as one check, plus every Vitest test.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const steps = [
  ['system packages', 'bash', ['scripts/ensure-system-deps.sh']],
  ['format + lint (biome, imports, unused exports)', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['production build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['first-load size', 'node', ['scripts/bundle-size.mjs']],
]

let passed = 0
let failed = 0
const failures = []
const started = Date.now()

function run(label, cmd, args) {
  const t0 = Date.now()
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit' })
  const ok = r.status === 0
  console.log(`${ok ? '✔' : '✖'} ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
  return ok
}

let buildOk = true
for (const [label, cmd, args] of steps) {
  const ok = run(label, cmd, args)
  if (ok) passed++
  else {
    failed++
    failures.push(label)
    if (label === 'system packages') break
    if (label === 'production build') buildOk = false
  }
}

/** One Vitest run of `projects`, in the background; resolves with its JSON report (or null). */
function vitest(projects) {
  const out = `.vitest/results-${projects.join('-')}.json`
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])]
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`)
  console.log(`\n▶ vitest ${projects.join(' + ')}: npx ${args.join(' ')}`)
  const t0 = Date.now()
  return new Promise((resolve) => {
    rmSync(out, { force: true })
    spawn('npx', args, { stdio: 'inherit' }).on('close', (code) => {
      const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null
      const s = ((Date.now() - t0) / 1000).toFixed(1)
      console.log(`${code === 0 ? '✔' : '✖'} vitest ${projects.join(' + ')} (${s} s)`)
      resolve({ projects, report })
    })
  })
}

function count({ projects, report }) {
  const name = `vitest ${projects.join(' + ')}`
  if (!report) {
    failed++
    failures.push(`${name} produced no report`)
    return
  }
  passed += report.numPassedTests
  failed += report.numFailedTests
  if (report.numFailedTests > 0 || report.success === false) failures.push(name)
  if (report.numTotalTests === 0) {
    failed++
    failures.push(`${name} ran no test`)
  }
}

if (!failures.includes('system packages')) {
  mkdirSync('.vitest', { recursive: true })
  // Unit/property/content (CPU) and the conformance suite (mostly waiting on RabbitMQ) run side by
  // side; then the browser tests (vitest.config.ts: two files at a time, then the ones that time the
  // page alone).
  for (const r of await Promise.all([vitest(['unit']), vitest(['conformance'])])) count(r)
  if (buildOk) count(await vitest(['e2e', 'e2e-alone']))
  else {
    console.log('The build failed: end-to-end tests cannot run and count as failed.')
    failed++
    failures.push('e2e (no build)')
  }
}

console.log(
  `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s.${failures.length ? ` Failed: ${failures.join(', ')}.` : ''}`,
)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
