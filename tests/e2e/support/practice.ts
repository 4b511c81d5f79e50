/** Page helpers for the practice e2e tests (Monaco driven like a learner, stored progress read back). */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { WatchedPage } from './browser'

/** Replaces the code editor's text by typing, as a learner would (select all, then insert). */
export async function setEditorText(page: Page, text: string): Promise<void> {
  const lines = page.locator('[data-testid="code-editor"] .view-lines')
  await lines.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
  // The editor renders only the lines in view and the cursor ends at the bottom: probe the last line.
  const lastLine = text.trimEnd().split('\n').pop() ?? ''
  const probe = lastLine.trim().replace(/\s+/g, ' ').slice(0, 20)
  await expect.poll(async () => editorView(page)).toContain(probe)
}

/** The editor's visible text with runs of white space folded (Monaco renders non-breaking spaces). */
export async function editorView(page: Page): Promise<string> {
  const text = await page.locator('[data-testid="code-editor"] .view-lines').textContent()
  return (text ?? '').replace(/\s+/g, ' ')
}

/** The practice progress the page stored in localStorage (parsed), or null. */
export async function storedProgress(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate(() => localStorage.getItem('amqp-playground:practice-progress:v1'))
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>)
}

/** Nothing a learner would not want: no uncaught error, no console error, no request leaving the page. */
export function expectClean(w: WatchedPage): void {
  expect(w.pageErrors).toEqual([])
  expect(w.consoleErrors).toEqual([])
  expect(w.externalRequests).toEqual([])
}
