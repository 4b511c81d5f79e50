import { describe, expect, it } from 'vitest'
import { RenderCache } from '../../src/diagram/render-cache'

describe('RenderCache', () => {
  it('keys by theme and text', () => {
    const c = new RenderCache()
    c.set('default', 'graph LR\na-->b', '<svg light/>')
    c.set('dark', 'graph LR\na-->b', '<svg dark/>')
    expect(c.get('default', 'graph LR\na-->b')).toBe('<svg light/>')
    expect(c.get('dark', 'graph LR\na-->b')).toBe('<svg dark/>')
    expect(c.get('default', 'graph LR\na-->c')).toBeUndefined()
  })

  it('drops the least recently used entry beyond its limit', () => {
    const c = new RenderCache(2)
    c.set('t', 'a', 'A')
    c.set('t', 'b', 'B')
    expect(c.get('t', 'a')).toBe('A') // a is now the most recent
    c.set('t', 'c', 'C')
    expect(c.get('t', 'b')).toBeUndefined()
    expect(c.get('t', 'a')).toBe('A')
    expect(c.get('t', 'c')).toBe('C')
    expect(c.size).toBe(2)
  })

  it('does not keep an SVG above its size bound', () => {
    const c = new RenderCache(8, 10)
    c.set('t', 'big', 'x'.repeat(11))
    c.set('t', 'small', 'x'.repeat(10))
    expect(c.get('t', 'big')).toBeUndefined()
    expect(c.get('t', 'small')).toBe('x'.repeat(10))
  })
})
