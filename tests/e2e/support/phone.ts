/**
 * A phone for e2e: the device (375×812, pixel ratio 2, mobile viewport rules, touch) and the check
 * that nothing makes the page scroll sideways, which names the widest offender when it fails.
 */
import type { Page } from 'playwright-core'

export const PHONE = { width: 375, height: 812 }
export const PHONE_DEVICE = { deviceScaleFactor: 2, isMobile: true, hasTouch: true }

/**
 * Null when the page does not scroll sideways and no element sticks out of the viewport (except
 * inside a box that scrolls on its own); otherwise a description: the page's width and the widest
 * offenders, innermost first, each as a short ancestor path.
 */
export async function sidewaysOverflow(page: Page, width = PHONE.width): Promise<string | null> {
  return page.evaluate((limitWidth) => {
    // Mobile Chromium may zoom out to fit a too-wide page, which widens innerWidth: keep the phone's width.
    const limit = Math.min(window.innerWidth, document.documentElement.clientWidth, limitWidth)
    const pageWidth = document.scrollingElement?.scrollWidth ?? 0
    const name = (e: Element): string => {
      const id = e.getAttribute('data-testid')
      const cls = typeof e.className === 'string' ? e.className.trim().split(/\s+/)[0] : ''
      return `${e.tagName.toLowerCase()}${id ? `[${id}]` : ''}${cls ? `.${cls}` : ''}`
    }
    const path = (e: Element): string => {
      const parts: string[] = []
      for (let n: Element | null = e; n && n !== document.body && parts.length < 5; n = n.parentElement)
        parts.unshift(name(n))
      return parts.join(' > ')
    }
    /** An ancestor that scrolls (auto/scroll) or clips (Monaco, hidden text) keeps the page still. */
    const contained = (e: Element): boolean => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX
        if (o === 'auto' || o === 'scroll') return true
        if ((o === 'hidden' || o === 'clip') && p.closest('.monaco-editor, .sr-only')) return true
      }
      return false
    }
    const offenders: { el: Element; right: number; left: number; width: number }[] = []
    for (const el of document.body.querySelectorAll('*')) {
      if (el.parentElement?.closest('svg')) continue // drawn inside its own svg box
      const r = el.getBoundingClientRect()
      if (r.width === 0 && r.height === 0) continue
      if (r.right <= limit + 1 && r.left >= -1) continue
      if (r.right <= 0) continue // moved off screen on purpose (text for screen readers)
      if (getComputedStyle(el).visibility === 'hidden' || contained(el)) continue
      offenders.push({ el, right: r.right, left: r.left, width: r.width })
    }
    if (pageWidth <= limit && offenders.length === 0) return null
    // innermost offenders explain the failure: drop those that only contain another offender
    const inner = offenders.filter((o) => !offenders.some((x) => x !== o && o.el.contains(x.el)))
    inner.sort((a, b) => b.right - a.right || a.left - b.left)
    const lines = inner
      .slice(0, 6)
      .map(
        (o) =>
          `  ${path(o.el)}: left ${Math.round(o.left)}, right ${Math.round(o.right)} (width ${Math.round(o.width)})` +
          ` “${(o.el.textContent ?? '').trim().slice(0, 60)}”`,
      )
    return `page ${pageWidth} px wide in a ${limit} px viewport; ${offenders.length} elements stick out:\n${lines.join('\n')}`
  }, width)
}
