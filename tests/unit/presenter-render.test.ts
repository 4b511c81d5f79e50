/** The presentation shell rendered to static HTML: the slide, the bar below it, the edges disabled. */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Presenter, type PresenterProps } from '../../src/components/presenter/presenter'

const labels = {
  region: 'Lesson',
  prev: '← Back',
  next: 'Next →',
  close: 'Close',
  position: '1 / 3',
  keys: 'keys',
}
const render = (index: number, total = 3) =>
  renderToStaticMarkup(
    createElement(
      Presenter,
      // children come as the third argument, as JSX would pass them
      {
        index,
        total,
        onIndex: () => {},
        onClose: () => {},
        labels: { ...labels, position: `${index + 1} / ${total}` },
      } satisfies PresenterProps,
      createElement('p', null, `slide ${index}`),
    ),
  )

describe('Presenter', () => {
  it('shows the slide in its own scrolling area, then the bar', () => {
    const out = render(0)
    expect(out).toMatch(/class="presenter-slide"[^>]*><p>slide 0<\/p><\/div><div class="presenter-bar"/)
    expect(out).toContain('role="dialog"')
    expect(out).toContain('>1 / 3<')
  })
  it('disables Back on the first slide and Next on the last', () => {
    expect(render(0)).toMatch(/disabled=""[^>]*data-testid="presenter-prev"/)
    expect(render(0)).not.toMatch(/disabled=""[^>]*data-testid="presenter-next"/)
    expect(render(2)).toMatch(/disabled=""[^>]*data-testid="presenter-next"/)
    expect(render(2)).not.toMatch(/disabled=""[^>]*data-testid="presenter-prev"/)
  })
})
