#!/usr/bin/env node
/**
 * Lighthouse (performance only) on every view of the build, desktop and mobile presets, in Debian's
 * Chromium: `npm run build && node scripts/lighthouse.mjs [runs=3] [path…]`. With no path it measures
 * every view (VIEWS below: the playground, a lesson deep link, practice, the timeline, the lab and
 * the levels);
 * paths given (`'?view=practice'`) replace that list. Prints each run, the median of score, FCP, LCP,
 * TBT, CLS, Speed Index and TTI per view and preset, and a table of the medians against the goals
 * (desktop ≥ 95, mobile ≥ 90, CLS ≤ 0.05). Reported in docs/performance.md, never asserted: the
 * machine is shared and timings are noisy. Lighthouse is not a project dependency (146 packages): it
 * runs through `npx lighthouse@12.2.3` (13 needs Node 22), or LIGHTHOUSE=/path/to/cli.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { preview } from 'vite'

const runs = Number(process.argv[2] ?? 3)
/** Every view (issue 23); a view added to src/store/url-route.ts joins this list. */
const VIEWS = [
  ['playground', ''],
  ['lesson 04', '?view=lessons&lesson=04-topic-dp'],
  ['practice', '?view=practice'],
  ['timeline', '?view=timeline'],
  ['lab', '?view=lab'],
  ['levels', '?view=levels'],
]
const paths = process.argv.length > 3 ? process.argv.slice(3).map((p) => [p || 'playground', p]) : VIEWS
const GOAL = { desktop: 95, mobile: 90, cls: 0.05 }
const outDir = process.env.E2E_DIST ?? 'dist'
const server = await preview({ preview: { host: '127.0.0.1', port: 0 }, build: { outDir }, logLevel: 'warn' })
const tmp = mkdtempSync(join(tmpdir(), 'lighthouse-'))
const cli = process.env.LIGHTHOUSE ? [process.env.LIGHTHOUSE] : ['npx', '--yes', 'lighthouse@12.2.3']
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const summary = []
try {
  for (const [name, path] of paths) {
    const url = new URL(path, server.resolvedUrls.local[0]).toString()
    for (const preset of ['desktop', 'mobile']) {
      const rows = []
      for (let i = 0; i < runs; i++) {
        const out = join(tmp, `${name.replace(/\W+/g, '-')}-${preset}-${i}.json`)
        const args = [
          ...cli.slice(1),
          url,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
          ...chromeFlags.map((f) => `--chrome-flags=${f}`),
          ...(preset === 'desktop' ? ['--preset=desktop'] : []),
        ]
        // Asynchronously: the preview server answers from this process's event loop.
        const status = await new Promise((done) =>
          spawn(cli[0], args, {
            stdio: 'inherit',
            env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
          }).on('exit', done),
        )
        if (status !== 0) throw new Error(`lighthouse exited with ${status}`)
        const { categories, audits: a } = JSON.parse(readFileSync(out, 'utf8'))
        const row = {
          score: Math.round(categories.performance.score * 100),
          fcp: a['first-contentful-paint'].numericValue,
          lcp: a['largest-contentful-paint'].numericValue,
          tbt: a['total-blocking-time'].numericValue,
          cls: a['cumulative-layout-shift'].numericValue,
          si: a['speed-index'].numericValue,
          tti: a.interactive.numericValue,
          kib: a['total-byte-weight'].numericValue / 1024,
          requests: a['network-requests'].details.items.length,
        }
        rows.push(row)
        console.log(
          name,
          preset,
          i + 1,
          JSON.stringify(row, (_k, v) => (typeof v === 'number' ? +v.toFixed(3) : v)),
        )
      }
      const m = (k) => median(rows.map((r) => r[k]))
      summary.push({ name, preset, score: m('score'), tbt: m('tbt'), lcp: m('lcp'), cls: m('cls') })
      console.log(
        `${name} · ${preset} median of ${runs}: score ${m('score')} · FCP ${(m('fcp') / 1000).toFixed(1)} s · LCP ${(m('lcp') / 1000).toFixed(1)} s · TBT ${Math.round(m('tbt'))} ms · CLS ${m('cls').toFixed(3)} · SI ${(m('si') / 1000).toFixed(1)} s · TTI ${(m('tti') / 1000).toFixed(1)} s · ${Math.round(m('kib'))} KiB in ${m('requests')} requests`,
      )
    }
  }
  console.log(
    `\nmedians of ${runs} (goals: desktop ≥ ${GOAL.desktop}, mobile ≥ ${GOAL.mobile}, CLS ≤ ${GOAL.cls})`,
  )
  console.log('| view | desktop | mobile | mobile TBT | mobile LCP | CLS (desktop / mobile) | goals met |')
  console.log('| --- | --- | --- | --- | --- | --- | --- |')
  for (const [name] of paths) {
    const d = summary.find((r) => r.name === name && r.preset === 'desktop')
    const mo = summary.find((r) => r.name === name && r.preset === 'mobile')
    const met = d.score >= GOAL.desktop && mo.score >= GOAL.mobile && d.cls <= GOAL.cls && mo.cls <= GOAL.cls
    console.log(
      `| ${name} | ${d.score} | ${mo.score} | ${Math.round(mo.tbt)} ms | ${(mo.lcp / 1000).toFixed(1)} s | ${d.cls.toFixed(3)} / ${mo.cls.toFixed(3)} | ${met ? 'yes' : 'no'} |`,
    )
  }
} finally {
  await server.close()
}
