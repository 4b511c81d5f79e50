/** Page helpers for the playground e2e tests (shared test ids, Monaco driven like a user). */
import type { Page } from 'playwright-core'

type Hooked = { __playground?: { getState: () => Record<string, unknown> & { text: string } } }

/** Wait until the engine answered for the current text (a result table is shown), then open the editor. */
export async function waitForRun(page: Page): Promise<void> {
  await page.getByTestId('result-table').first().waitFor({ timeout: 30_000 })
  await openEditor(page)
}

/** Monaco loads when the learner reaches for the script: point at the read-only text, as a user would. */
export async function openEditor(page: Page): Promise<void> {
  const editor = page.locator('.monaco-editor').first()
  if ((await editor.count()) === 0)
    await page.locator('[data-testid="script-preview"] section').first().hover()
  await editor.waitFor({ timeout: 30_000 })
}

/** Replace the editor's text by typing, as a user would (select all, type). */
export async function typeScript(page: Page, text: string): Promise<void> {
  await openEditor(page)
  // Monaco 0.57 takes input through an EditContext element, not a textarea: click into the text.
  await page.locator('.monaco-editor .view-lines').first().click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  // Monaco auto-closes quotes and brackets while typing; insertText types the text verbatim.
  for (const line of text.split('\n')) {
    await page.keyboard.insertText(line)
    await page.keyboard.press('Escape') // close a completion popup, if any
    await page.keyboard.press('Enter')
  }
}

/** The store's text (what the editor reported), read through the page's test hook. */
export async function editorText(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as Hooked).__playground?.getState().text ?? '')
}

export async function storeState<T>(page: Page, pick: string): Promise<T> {
  return page.evaluate((p) => {
    // biome-ignore lint/suspicious/noExplicitAny: test-side navigation of the state
    let v: any = (window as unknown as Hooked).__playground?.getState()
    for (const k of p.split('.')) v = v?.[k]
    return JSON.parse(JSON.stringify(v ?? null))
  }, pick)
}

/** Fill the publish form and press Ctrl+Enter in the routing-key field. */
export async function publishWith(
  page: Page,
  opts: { exchange?: string; vhost?: string; key: string },
): Promise<void> {
  if (opts.exchange !== undefined)
    await page
      .getByTestId('publish-exchange')
      .selectOption(JSON.stringify([opts.vhost ?? '/', opts.exchange]))
  const key = page.getByTestId('publish-key')
  await key.fill(opts.key)
  await key.press('Control+Enter')
}

/** Replace the text through the store's own action (for setups that are not about typing). */
export async function setText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const st = (
      window as unknown as { __playground: { getState: () => { setText: (x: string) => void } } }
    ).__playground.getState()
    st.setText(t)
  }, text)
}

/** Headers of the publish form: [name, AMQP type, value] rows. */
export async function fillHeaders(page: Page, rows: [string, string, string][]): Promise<void> {
  for (const [i, [k, type, v]] of rows.entries()) {
    await page.getByTestId('publish-headers-add').click()
    await page.getByTestId(`publish-headers-key-${i}`).fill(k)
    await page.getByTestId(`publish-headers-type-${i}`).selectOption(type)
    if (type !== 'void') await page.getByTestId(`publish-headers-value-${i}`).fill(v)
  }
}
