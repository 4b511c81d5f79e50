// Dead-lettering as a user sees it: the queue form writes the arguments, the diagram draws the
// dead-letter edge and the dead-lettered path, the why panel says why the message left its queue,
// and the timeline shows the hop (both languages); a message pushed out by a later publish, when
// selected, shows its whole path.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from './support/browser'
import { editorText, setText, waitForRun } from './support/playground'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const SCRIPT = [
  'profile rabbitmq-3.10',
  'exchange declare orders direct',
  'exchange declare dlx fanout',
  'queue declare work args {x-max-length: 1, x-dead-letter-exchange: dlx}',
  'queue declare parking',
  'bind work to orders key new',
  'bind parking to dlx',
  'publish m1 to orders key new',
  'publish m2 to orders key new',
].join('\n')

describe('dead-lettering in the playground', () => {
  for (const locale of ['en-US', 'zh-CN']) {
    it(`draws the dead-letter edge and explains the hop (${locale})`, async () => {
      const w = await openPage(browser, '?view=playground', { locale })
      const { page } = w
      await waitForRun(page)
      await setText(page, SCRIPT)
      const why = page.getByTestId('why-dead-letters').first()
      await why.waitFor({ timeout: 20_000 })
      const hop = why.locator('[data-dead-letter="m1"]')
      expect(await hop.getAttribute('data-reason')).toBe('maxlen')
      expect(await hop.textContent()).toContain(locale === 'en-US' ? 'over its length limit' : '超过长度上限')
      expect(await why.locator('[data-setting="max-length"]').getAttribute('data-from')).toBe('argument')
      // The diagram: a dead-letter edge lit for this message, and the queue it reached.
      await expect.poll(() => page.locator('svg path.dlhot').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      await screenshot(page, `dead-letter-playground-${locale}`)
      // The pushed-out message, picked in the result table, shows its whole path: its own publish
      // into `work`, then the dead-lettering m2's publish caused, into `parking`.
      await page
        .locator('[data-testid="result-table"] tr[data-queue="parking"] button[data-message="m1"]')
        .click()
      const panel = page.getByTestId('why-panel')
      await expect.poll(() => panel.getAttribute('data-publish')).toBe('m1')
      const later = panel.locator('[data-dead-letter="m1"][data-during="m2"]')
      expect(await later.textContent()).toContain(
        locale === 'en-US' ? 'Later, when m2 was published:' : '之后，发布 m2 时：',
      )
      const diagram = page.getByTestId('diagram')
      await expect.poll(() => diagram.getAttribute('data-publish')).toBe('m1')
      expect(await diagram.locator('svg path.dlhot').count()).toBeGreaterThan(0)
      expect(await diagram.locator('svg g.node.dlrecv').count()).toBe(1)
      await screenshot(page, `dead-letter-selected-${locale}`)
      expect(w.pageErrors).toEqual([])
      await w.context.close()
    })
  }

  it('the queue form writes TTL, length and dead-letter arguments', async () => {
    const w = await openPage(browser, '?view=playground')
    const { page } = w
    await waitForRun(page)
    await setText(page, 'exchange declare dlx fanout\n')
    await page.getByRole('tab', { name: 'Queue' }).click()
    await page.getByTestId('queue-name').fill('jobs')
    await page.getByTestId('queue-ttl').fill('5000')
    await page.getByTestId('queue-maxLength').fill('10')
    await page.getByTestId('queue-overflow').selectOption('reject-publish')
    await page.getByTestId('queue-dlx').selectOption(JSON.stringify('dlx'))
    // A value that is not a whole number is refused by the form, naming the field; nothing is written.
    await page.getByTestId('queue-maxLengthBytes').fill('64k')
    await page.getByTestId('queue-add').click()
    expect(await page.getByTestId('queue-problem').textContent()).toBe(
      '“64k” is not a whole number (Max length (bytes of bodies)).',
    )
    expect(await editorText(page)).not.toContain('jobs')
    await page.getByTestId('queue-maxLengthBytes').fill('64')
    await page.getByTestId('queue-expires').fill('60000')
    await page.getByTestId('queue-add').click()
    await expect
      .poll(() => editorText(page))
      .toContain(
        'queue declare jobs args {x-message-ttl: 5000, x-expires: 60000, x-max-length: 10, x-max-length-bytes: 64, x-overflow: "reject-publish", x-dead-letter-exchange: "dlx"}',
      )
    expect(await page.getByTestId('queue-problem').count()).toBe(0)

    // The publish form's folded properties: a per-message TTL of 0 with a dead-letter exchange set
    // sends the message on at once; a body counts for the byte limit.
    await setText(
      page,
      'exchange declare dlx fanout\nqueue declare parking\nbind parking to dlx\nqueue declare jobs args {x-dead-letter-exchange: "dlx"}\n',
    )
    await page.getByTestId('publish-exchange').selectOption(JSON.stringify(['/', '']))
    await page.getByTestId('publish-key').fill('jobs')
    await page.getByTestId('publish-properties').locator('summary').click()
    await page.getByTestId('publish-priority').fill('300')
    await page.getByTestId('publish-button').click()
    expect(await page.getByTestId('publish-priority-problem').textContent()).toContain('“300”')
    await page.getByTestId('publish-priority').fill('')
    await page.getByTestId('publish-expiration').fill('0')
    await page.getByTestId('publish-body').fill('hello')
    await page.getByTestId('publish-button').click()
    await expect
      .poll(() => editorText(page))
      .toContain('publish m1 to "" key jobs properties {expiration: "0"} body "hello" mandatory')
    const table = page.getByTestId('result-table')
    await expect.poll(async () => (await table.textContent()) ?? '').toContain('parking')
    await screenshot(page, 'publish-form-properties')
    await w.context.close()
  })
})

describe('dead-lettering in the timeline', () => {
  it('shows why the message left its queue and lights the queue → DLX edge', async () => {
    const w = await openPage(browser, '?view=timeline&scenario=dead-letter-retry')
    const { page } = w
    await page.getByTestId('timeline-position').waitFor({ timeout: 20_000 })
    await page.locator('.tl-steps li').nth(9).locator('button').first().click()
    const events = page.getByTestId('step-events')
    await expect.poll(() => events.textContent()).toContain('job1 left retry (expired)')
    expect(await page.locator('.flow-edge.dl.hot').count()).toBe(1)
    expect(await page.locator('[data-status="dead-lettered"]').count()).toBe(2)
    await screenshot(page, 'dead-letter-timeline')
    expect(w.pageErrors).toEqual([])
    await w.context.close()
  })
})
