import { describe, expect, it } from 'vitest'
import { parseRoute, routeSearch } from '../../src/store/url-route'

describe('url-route: the page URL as view + that view’s parameters', () => {
  it('reads the view and its parameters; anything else is the playground', () => {
    expect(parseRoute('?view=timeline&scenario=competing-consumers')).toEqual({
      view: 'timeline',
      params: { scenario: 'competing-consumers' },
      hash: '',
    })
    expect(parseRoute('?view=nope&x=1', '#v1/edit/abc')).toEqual({
      view: 'playground',
      params: { x: '1' },
      hash: 'v1/edit/abc',
    })
    expect(parseRoute('').view).toBe('playground')
  })

  it('writes the playground without a view parameter, others with it', () => {
    expect(routeSearch('playground')).toBe('')
    expect(routeSearch('playground', { scenario: 'scenarios/a.json' })).toBe('?scenario=scenarios%2Fa.json')
    expect(routeSearch('lessons', { lesson: '04-topic-dp', step: '2' })).toBe(
      '?view=lessons&lesson=04-topic-dp&step=2',
    )
    // a parameter named "view" cannot smuggle a second view in
    expect(routeSearch('practice', { view: 'timeline', tab: 'code' })).toBe('?view=practice&tab=code')
  })

  it('round-trips hostile parameter values as text', () => {
    const params = { q: '&view=timeline#x', 'a b': '<script>' }
    const back = parseRoute(routeSearch('practice', params))
    expect(back).toEqual({ view: 'practice', params, hash: '' })
  })
})
