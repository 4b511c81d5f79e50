#!/usr/bin/env node
/**
 * `npm test`: everything CI checks, in order — system packages, format/lint, typecheck, production
 * build (with its first-load size), then unit + property + content + e2e (Chromium) + conformance
 * (real RabbitMQ) in one Vitest run. Ends with the plain line `N passed, N failed` that CI reads:
 * each pre-step counts as one check, plus every Vitest test.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

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

if (!failures.includes('system packages')) {
  mkdirSync('.vitest', { recursive: true })
  const projects = buildOk ? [] : ['--project', 'unit', '--project', 'conformance']
  if (!buildOk) console.log('The build failed: end-to-end tests cannot run and count as failed.')
  run('vitest', 'npx', [
    'vitest',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=.vitest/results.json',
  ])
  if (existsSync('.vitest/results.json')) {
    const report = JSON.parse(readFileSync('.vitest/results.json', 'utf8'))
    passed += report.numPassedTests
    failed += report.numFailedTests
    if (report.numFailedTests > 0 || report.success === false) failures.push('vitest')
    if (report.numTotalTests === 0) {
      failed++
      failures.push('vitest ran no test')
    }
  } else {
    failed++
    failures.push('vitest produced no report')
  }
  if (!buildOk) failed++
}

console.log(
  `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s.${failures.length ? ` Failed: ${failures.join(', ')}.` : ''}`,
)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
