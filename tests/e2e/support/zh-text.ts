/** The Chinese UI as a learner reads it, for the zh-CN checks (tests/support/zh-latin.ts says what may stay Latin). */
import type { Page } from 'playwright-core'
import { contentNames } from '../../support/content-names'
import { strayLatin } from '../../support/zh-latin'

const NAMES = contentNames()

/** What the learner reads on the page: text outside code, and accessible names. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CODE = 'code, pre, kbd, samp, script, style, .monaco-editor, [translate="no"], [aria-hidden="true"]'
    const out: string[] = []
    const root = document.body
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement
      const text = n.textContent?.trim()
      if (!el || !text || el.closest(CODE)) continue
      const box = el.getBoundingClientRect()
      if (box.width === 0 && box.height === 0 && !el.closest('svg')) continue // not rendered
      out.push(text)
    }
    for (const el of root.querySelectorAll('[aria-label], [title], [placeholder]'))
      for (const a of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(a)
        if (v && !el.closest('.monaco-editor')) out.push(v)
      }
    return out
  })
}

/** Each stray English word on the page now, as `view: words — in “text”`. */
export async function strayOnPage(page: Page, view: string): Promise<string[]> {
  const out: string[] = []
  for (const text of await visibleTexts(page)) {
    const stray = strayLatin(text, NAMES)
    if (stray.length) out.push(`${view}: ${stray.join(', ')} — in “${text.slice(0, 160)}”`)
  }
  return out
}
