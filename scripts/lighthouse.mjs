#!/usr/bin/env node
/**
 * Lighthouse (performance only) on the built playground, desktop and mobile presets, in Debian's
 * Chromium: `npm run build && node scripts/lighthouse.mjs [runs=3] [path]`. Prints each run and the
 * median of score, FCP, LCP, TBT, CLS, Speed Index and TTI. Reported in docs/performance.md, never
 * asserted: the machine is shared and timings are noisy. Lighthouse is not a project dependency (146
 * packages): it runs through `npx lighthouse@12.2.3` (13 needs Node 22), or LIGHTHOUSE=/path/to/cli.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { preview } from 'vite'

const runs = Number(process.argv[2] ?? 3)
const path = process.argv[3] ?? ''
const outDir = process.env.E2E_DIST ?? 'dist'
const server = await preview({ preview: { host: '127.0.0.1', port: 0 }, build: { outDir }, logLevel: 'warn' })
const url = new URL(path, server.resolvedUrls.local[0]).toString()
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
try {
  for (const preset of ['desktop', 'mobile']) {
    const rows = []
    for (let i = 0; i < runs; i++) {
      const out = join(tmp, `${preset}-${i}.json`)
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
        preset,
        i + 1,
        JSON.stringify(row, (_k, v) => (typeof v === 'number' ? +v.toFixed(3) : v)),
      )
    }
    const m = (k) => median(rows.map((r) => r[k]))
    console.log(
      `${preset} median of ${runs}: score ${m('score')} · FCP ${(m('fcp') / 1000).toFixed(1)} s · LCP ${(m('lcp') / 1000).toFixed(1)} s · TBT ${Math.round(m('tbt'))} ms · CLS ${m('cls').toFixed(3)} · SI ${(m('si') / 1000).toFixed(1)} s · TTI ${(m('tti') / 1000).toFixed(1)} s · ${Math.round(m('kib'))} KiB in ${m('requests')} requests`,
    )
  }
} finally {
  await server.close()
}
