/**
 * Live mode in Chromium against a private RabbitMQ node whose management API allows the preview's
 * origin (CORS): connect, import a vhost into the playground, run the scenario live and agree;
 * a binding typo planted in the playground is caught against the vhost's topology and explained;
 * a wrong password, a page origin the broker does not allow, and a stopped node each get their own
 * message. Homework 06 is done end to end: the kit downloaded from its page, a typo planted, the kit
 * run on the broker, the observation pasted back and explained. After every test the broker holds
 * no scratch vhost. The only requests leaving the page's origin go to the broker's loopback origin.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { MgmtClient } from '../../src/lab-core/mgmt-client'
import { type PrivateNode, startPrivateNode, stopPrivateNode } from '../conformance/broker/private-node'
import { kitDir, run } from '../conformance/harness/kit-runner'
import { MgmtApi } from '../conformance/harness/mgmt-api'
import { nodeTransport } from '../conformance/harness/node-transport'
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser'
import { setText, waitForRun } from './support/playground'

const previewOrigin = new URL(inject('baseURL')).origin
let node: PrivateNode
let api: MgmtApi
let client: MgmtClient
let browser: Browser
let brokerOrigin = ''
let user = ''
let password = ''
let stopped = false

/** The shop's deployed topology; the playground models the same, sometimes with a typo. */
const model = (key: string) => `exchange declare orders topic
queue declare billing
queue declare audit
bind billing to orders key "${key}"
bind audit to orders key "order.#"
publish o1 to orders key "order.paid" mandatory
publish o2 to orders key "order.created" mandatory
`

beforeAll(async () => {
  node = await startPrivateNode({ extraConfig: [`management.cors.allow_origins.1 = ${previewOrigin}`] })
  api = new MgmtApi(node.mgmtUrl)
  const t = nodeTransport(node.mgmtUrl)
  client = new MgmtClient(t.transport)
  const u = new URL(node.mgmtUrl)
  brokerOrigin = u.origin
  user = decodeURIComponent(u.username)
  password = decodeURIComponent(u.password)
  await api.createVhost('shop')
  await client.json('PUT', '/exchanges/shop/orders', { type: 'topic', durable: true })
  for (const q of ['billing', 'audit']) await client.json('PUT', `/queues/shop/${q}`, { durable: true })
  await client.json('POST', '/bindings/shop/e/orders/q/billing', { routing_key: 'order.paid' })
  await client.json('POST', '/bindings/shop/e/orders/q/audit', { routing_key: 'order.#' })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  if (node) await stopPrivateNode(node)
}, 60_000)

afterEach(async () => {
  if (!stopped) expect(await api.vhostNames('lab-'), 'scratch vhosts left on the broker').toEqual([])
})

/** Requests that left the page's origin, other than to the broker. */
const strayRequests = (w: WatchedPage) => w.externalRequests.filter((u) => !u.startsWith(`${brokerOrigin}/`))

async function connect(w: WatchedPage, opts: { password?: string } = {}): Promise<void> {
  await w.page.getByTestId('live-url').fill(brokerOrigin)
  await w.page.getByTestId('live-user').fill(user)
  await w.page.getByTestId('live-password').fill(opts.password ?? password)
  await w.page.getByTestId('live-connect').click()
  await w.page.locator('[data-testid=live-connected], [data-testid=live-error]').first().waitFor()
}

describe('live mode', () => {
  it('connects, imports a vhost into the playground, runs it live and agrees', async () => {
    const w = await openPage(browser, '?view=lab')
    await connect(w)
    await expect
      .poll(() => w.page.getByTestId('live-connected').textContent())
      .toContain(`RabbitMQ ${node.version}`)
    expect(await w.page.getByTestId('live-vhosts').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['/', 'shop']),
    )
    await w.page.getByTestId('live-vhosts').selectOption('shop')
    await w.page.getByTestId('live-import').click()
    await waitForRun(w.page) // openInPlayground switched to the playground
    const imported = await w.page.evaluate(
      () =>
        (window as unknown as { __playground: { getState: () => { text: string } } }).__playground.getState()
          .text,
    )
    expect(imported).toContain('orders')
    expect(imported).toContain('order.paid')
    // The learner adds the events to publish, then takes the scenario to the broker.
    await setText(
      w.page,
      `${imported}\npublish o1 to orders key "order.paid" mandatory\npublish o2 to orders key "order.created" mandatory\n`,
    )
    await w.page.getByTestId('open-lab').click()
    // Credentials stayed in the lab page's memory only: a new visit asks again.
    await connect(w)
    await w.page.getByTestId('live-run').click()
    const diff = w.page.getByTestId('diff-view')
    await diff.waitFor({ timeout: 60_000 })
    expect(await diff.getAttribute('data-differences')).toBe('0')
    expect(await w.page.getByTestId('diff-summary').textContent()).toContain(
      'exactly what the playground predicted',
    )
    expect(await w.page.locator('[data-message=o1] td').nth(2).textContent()).toContain('billing')
    expect(await w.page.getByTestId('observed-on').textContent()).toContain(
      `RabbitMQ ${node.version} · live mode`,
    )
    expect(await w.page.getByTestId('live-ran').textContent()).toMatch(/lab-live-/)
    await screenshot(w.page, 'live-agree-en')
    expect(w.pageErrors).toEqual([])
    expect(w.consoleErrors).toEqual([])
    expect(strayRequests(w)).toEqual([])
    expect(w.externalRequests.length).toBeGreaterThan(0) // it did talk to the broker
    expect(w.page.url()).not.toContain(password)
    await w.context.close()
  })

  it('a binding typo in the playground diverges from the vhost’s topology, both keys named (en, zh-CN)', async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const w = await openPage(browser, '?view=lab', { locale })
      await w.page.getByTestId('lab').waitFor()
      await setText(w.page, model('order.payd'))
      await connect(w)
      await w.page.getByTestId('live-source').selectOption('shop')
      await w.page.getByTestId('live-run').click()
      const first = w.page.getByTestId('first-difference')
      await first.waitFor({ timeout: 60_000 })
      expect(await first.getAttribute('data-kind')).toBe('typo')
      const text = (await first.textContent()) ?? ''
      expect(text).toContain('order.payd') // the playground's key
      expect(text).toContain('order.paid') // the broker's key (and the published one)
      expect(text).toContain('billing')
      expect(await w.page.locator('[data-message=o1]').getAttribute('data-same')).toBe('false')
      expect(await w.page.locator('[data-message=o2]').getAttribute('data-same')).toBe('true')
      expect(await w.page.locator('[data-diff-queue=billing]').getAttribute('data-same')).toBe('false')
      if (locale === 'zh-CN') expect(text).toContain('拼写错误')
      await screenshot(w.page, `live-typo-${locale}`)
      expect(w.pageErrors).toEqual([])
      expect(strayRequests(w)).toEqual([])
      await w.context.close()
    }
  })

  it('a wrong password gets a clear 401 message', async () => {
    const w = await openPage(browser, '?view=lab')
    await connect(w, { password: 'not-the-password' })
    const err = w.page.getByTestId('live-error')
    expect(await err.getAttribute('data-kind')).toBe('unauthorized')
    expect(await err.textContent()).toContain('401')
    expect(await w.page.getByTestId('live-connected').count()).toBe(0)
    // The browser logs the 401 response itself; nothing else may fail.
    expect(w.consoleErrors.every((e) => e.includes('401'))).toBe(true)
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })

  it('a page origin the broker does not allow: the rabbitmq.conf line for that origin', async () => {
    // The same build served under another origin (localhost instead of 127.0.0.1).
    const other = inject('baseURL').replace('127.0.0.1', 'localhost')
    const context = await browser.newContext({ locale: 'en-US' })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.goto(`${other}?view=lab`)
    await page.getByTestId('live-url').fill(brokerOrigin)
    await page.getByTestId('live-user').fill(user)
    await page.getByTestId('live-password').fill(password)
    await page.getByTestId('live-connect').click()
    const err = page.getByTestId('live-error')
    await err.waitFor()
    expect(await err.getAttribute('data-kind')).toBe('cors')
    expect(await page.getByTestId('cors-line').textContent()).toBe(
      `management.cors.allow_origins.1 = ${new URL(other).origin}`,
    )
    await screenshot(page, `live-cors-en`)
    expect(pageErrors).toEqual([])
    await context.close()
  })

  it('homework 06 end to end: kit downloaded, typo planted, run on the broker, observation pasted back', async () => {
    const w = await openPage(browser, '?view=practice&tab=homework')
    const hw = w.page.getByTestId('homework-hw-06')
    await hw.getByTestId('homework-lab').waitFor()
    const [download] = await Promise.all([
      w.page.waitForEvent('download'),
      hw.getByTestId('kit-node').click(),
    ])
    expect(download.suggestedFilename()).toBe('lab-kit.mjs')
    const { dir, remove } = kitDir()
    try {
      const kit = join(dir, 'lab-kit.mjs')
      await download.saveAs(kit)
      // The homework asks for a misspelled binding: the learner edits one key in the kit.
      const text = readFileSync(kit, 'utf8')
      const planted = text.replace('"lab.q1", "invoice.issued"', '"lab.q1", "invoice.isued"')
      expect(planted).not.toBe(text)
      writeFileSync(kit, planted)
      const out = await run(process.execPath, ['lab-kit.mjs'], {
        cwd: dir,
        env: { RABBITMQ_URL: node.amqpUrl, RABBITMQ_MANAGEMENT_URL: node.mgmtUrl },
      })
      expect(out.code, out.stderr).toBe(0)
      writeFileSync(join(dir, 'observation.json'), out.stdout)

      // A malformed file gets a located error and changes nothing.
      await hw.getByTestId('observation-text').fill(out.stdout.replace('"returns": [', '"returns": [,'))
      await hw.getByTestId('observation-compare').click()
      expect(await hw.getByTestId('observation-error').textContent()).toMatch(
        /^Line \d+, column \d+: .*Nothing was changed\.$/,
      )
      expect(await hw.getByTestId('diff-view').count()).toBe(0)

      await hw.getByTestId('observation-file').setInputFiles(join(dir, 'observation.json'))
      const first = hw.getByTestId('first-difference')
      await first.waitFor()
      expect(await hw.getByTestId('observation-error').count()).toBe(0)
      expect(await first.getAttribute('data-kind')).toBe('typo')
      expect(await first.textContent()).toContain('“invoice.isued”')
      expect(await first.textContent()).toContain('“invoice.issued”')
      expect(await hw.getByTestId('homework-observed').textContent()).toContain(
        `RabbitMQ ${node.version} (Node.js kit`,
      )
      // The scenario's own typo (invoice.isued.#) is pointed out as well.
      expect(await hw.getByTestId('near-misses').textContent()).toContain('invoice.isued.#')
      await screenshot(hw, `homework-06-diff-en`)

      await w.page.getByTestId('language').selectOption('zh-CN')
      await expect.poll(() => first.textContent()).toContain('拼写错误')
      expect(await hw.getByTestId('homework-observed').textContent()).toContain(
        `观测于 RabbitMQ ${node.version}`,
      )
      await screenshot(hw, `homework-06-diff-zh-CN`)

      // The observation is recorded for the homework: it is there after a reload.
      await w.page.reload()
      await w.page.getByTestId('homework-hw-06').getByTestId('homework-observed').waitFor()
      expect(w.pageErrors).toEqual([])
      expect(w.consoleErrors).toEqual([])
      expect(w.externalRequests).toEqual([])
    } finally {
      remove()
      await w.context.close()
    }
  })

  it('policies run live as the playground predicts them; the kits state prefix mode’s limits (en, zh-CN)', async () => {
    // A policy set after the queue exists trims it; one for every exchange gives amq.direct an
    // alternate exchange — which a kit in prefix mode could not do on a shared vhost.
    const script = `queue declare jobs
queue declare jobs-dlq
exchange declare lost fanout
queue declare lost-q
bind lost-q to lost
publish j1 to "" key jobs
publish j2 to "" key jobs
publish j3 to "" key jobs
policy set cap pattern "^jobs$" definition {max-length: 1, dead-letter-exchange: "", dead-letter-routing-key: jobs-dlq} apply-to queues
policy set everything pattern "^amq\\\\.direct$" definition {alternate-exchange: lost} apply-to exchanges
publish u1 to amq.direct key nobody
`
    for (const locale of ['en-US', 'zh-CN']) {
      const w = await openPage(browser, '?view=lab', { locale })
      await w.page.getByTestId('lab').waitFor()
      await setText(w.page, script)
      const limits = w.page.getByTestId('kit-limits-node')
      await limits.waitFor()
      expect(await limits.textContent()).toContain(locale === 'en-US' ? 'in prefix mode' : '名称前缀模式下')
      expect(await limits.textContent()).toContain('policy:everything')
      await connect(w)
      await w.page.getByTestId('live-run').click()
      const diff = w.page.getByTestId('diff-view')
      await diff.waitFor({ timeout: 60_000 })
      expect(await diff.getAttribute('data-differences')).toBe('0')
      expect(await w.page.locator('[data-diff-queue=jobs]').getAttribute('data-same')).toBe('true')
      expect(await w.page.locator('[data-diff-queue=jobs-dlq]').getAttribute('data-same')).toBe('true')
      expect(await w.page.locator('[data-message=u1] td').nth(2).textContent()).toContain('lost-q')
      await screenshot(w.page, `live-policies-${locale}`)
      expect(w.pageErrors).toEqual([])
      expect(strayRequests(w)).toEqual([])
      await w.context.close()
    }
  })

  it('homework 04 says why it has no lab kit (en, zh-CN)', async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const w = await openPage(browser, '?view=practice&tab=homework', { locale })
      const hw = w.page.getByTestId('homework-hw-04')
      const why = hw.getByTestId('homework-no-kit')
      await why.waitFor()
      expect(await why.textContent()).toContain(
        locale === 'en-US' ? 'two clients at once' : '两个客户端同时在场',
      )
      expect(await hw.getByTestId('kit-node').count()).toBe(0)
      await screenshot(hw, `homework-04-no-kit-${locale}`)
      expect(w.pageErrors).toEqual([])
      await w.context.close()
    }
  })

  it('a stopped node: nothing answers, said in plain words', async () => {
    const w = await openPage(browser, '?view=lab', { locale: 'zh-CN' })
    await stopPrivateNode(node)
    stopped = true
    await connect(w)
    const err = w.page.getByTestId('live-error')
    expect(await err.getAttribute('data-kind')).toBe('network')
    expect(await err.textContent()).toContain('没有任何回应')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
