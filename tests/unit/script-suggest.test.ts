/** Did-you-mean suggestions: close typos get the intended word, unrelated words get nothing. */
import { describe, expect, it } from 'vitest'
import { editDistance, nearest } from '../../src/engine/script/suggest'

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('bnid', 'bind')).toBe(1)
    expect(editDistance('audti', 'audit')).toBe(1)
    expect(editDistance('topics', 'topic')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
  })
})

describe('nearest', () => {
  const statements = ['profile', 'vhost', 'exchange', 'queue', 'bind', 'unbind', 'delete', 'publish']
  it('suggests the keyword or name that was meant', () => {
    expect(nearest('bnid', statements)).toBe('bind')
    expect(nearest('pubilsh', statements)).toBe('publish')
    expect(nearest('Queue', statements)).toBe('queue')
    expect(nearest('audti', ['audit', 'notify'])).toBe('audit')
    expect(nearest('study.order', ['study.orders', 'billing'])).toBe('study.orders')
    expect(nearest('topics', ['direct', 'fanout', 'topic', 'headers'])).toBe('topic')
  })
  it('offers nothing for unrelated words, exact matches or short words two edits away', () => {
    expect(nearest('hello', statements)).toBeUndefined()
    expect(nearest('bind', statements)).toBeUndefined()
    expect(nearest('qq', ['to'])).toBeUndefined()
    expect(nearest('x', [])).toBeUndefined()
  })
})
