import { describe, expect, it } from 'vitest'
import { type AmqpTable, type AmqpValue, createHeadersIndex } from '../../src/engine'

const str = (value: string): AmqpValue => ({ type: 'longstr', value })
const int = (value: number, type: 'byte' | 'short' | 'int' | 'long' = 'int'): AmqpValue => ({ type, value })
const dbl = (value: number): AmqpValue => ({ type: 'double', value })
const VOID: AmqpValue = { type: 'void', value: null }
const sorted = (xs: string[]) => [...xs].sort()

function indexWith(bindings: [string, string | undefined, AmqpTable][], profile?: 'rabbitmq-3.10') {
  const ix = createHeadersIndex({ profile })
  for (const [dest, xMatch, args] of bindings) ix.add({ xMatch, args }, dest)
  return ix
}

describe('headers index: x-match modes', () => {
  const ix = indexWith([
    ['all', 'all', { format: str('pdf'), type: str('report') }],
    ['missing', undefined, { format: str('pdf'), type: str('report') }],
    ['any', 'any', { format: str('pdf'), type: str('report') }],
  ])

  it('all (and missing x-match) needs every argument, any needs one', () => {
    expect(sorted(ix.match({ format: str('pdf'), type: str('report') }))).toEqual(['all', 'any', 'missing'])
    expect(ix.match({ format: str('pdf') })).toEqual(['any'])
    expect(ix.match({ format: str('zip') })).toEqual([])
    expect(ix.match({})).toEqual([])
  })

  it('reads x-match from the arguments when xMatch is absent', () => {
    const viaArgs = indexWith([['q', undefined, { 'x-match': str('any'), a: str('1'), b: str('2') }]])
    expect(viaArgs.match({ b: str('2') })).toEqual(['q'])
  })

  it('an unrecognised x-match value routes like all', () => {
    const legacy = indexWith([['q', 'some', { a: str('1'), b: str('2') }]])
    expect(legacy.match({ a: str('1') })).toEqual([])
    expect(legacy.match({ a: str('1'), b: str('2') })).toEqual(['q'])
  })
})

describe('headers index: which arguments count', () => {
  it('x- keys are skipped by all/any and tested by the -with-x modes', () => {
    const ix = indexWith([
      ['all', 'all', { 'x-k': str('v'), a: str('1') }],
      ['any', 'any', { 'x-k': str('v'), a: str('1') }],
      ['all-x', 'all-with-x', { 'x-k': str('v'), a: str('1') }],
      ['any-x', 'any-with-x', { 'x-k': str('v'), a: str('1') }],
    ])
    expect(sorted(ix.match({ a: str('1') }))).toEqual(['all', 'any', 'any-x'])
    expect(sorted(ix.match({ 'x-k': str('v') }))).toEqual(['any-x'])
    expect(sorted(ix.match({ a: str('1'), 'x-k': str('v') }))).toEqual(['all', 'all-x', 'any', 'any-x'])
  })

  it('no considered argument: all matches everything, any matches nothing', () => {
    const ix = indexWith([
      ['empty', undefined, {}],
      ['all-xonly', 'all', { 'x-foo': str('bar') }],
      ['any-none', 'any', {}],
      ['any-xonly', 'any', { 'x-foo': str('bar') }],
      ['allx-none', 'all-with-x', {}],
      ['anyx-none', 'any-with-x', {}],
    ])
    expect(sorted(ix.match({}))).toEqual(['all-xonly', 'allx-none', 'empty'])
    expect(sorted(ix.match({ 'x-foo': str('bar'), z: int(1) }))).toEqual(['all-xonly', 'allx-none', 'empty'])
  })

  it('x-match itself is never tested, even in -with-x modes', () => {
    const ix = indexWith([['q', 'all-with-x', { 'x-match': str('all-with-x') }]])
    expect(ix.match({})).toEqual(['q'])
  })

  it('a void binding value tests presence, whatever the header value', () => {
    const ix = indexWith([
      ['has-c', undefined, { c: VOID }],
      ['c-and-a', 'all', { c: VOID, a: str('1') }],
    ])
    expect(ix.match({ c: str('anything') })).toEqual(['has-c'])
    expect(ix.match({ c: VOID })).toEqual(['has-c'])
    expect(sorted(ix.match({ c: int(0), a: str('1') }))).toEqual(['c-and-a', 'has-c'])
    expect(ix.match({ a: str('1') })).toEqual([])
  })

  it('a void header never equals a non-void binding value', () => {
    const ix = indexWith([['q', 'any', { a: str('') }]])
    expect(ix.match({ a: VOID })).toEqual([])
  })
})

describe('headers index: value equality follows the broker', () => {
  it('integer types are equal by value; strings, booleans and floats are not integers', () => {
    const ix = indexWith([['q', undefined, { n: int(1, 'long') }]])
    expect(ix.match({ n: int(1, 'byte') })).toEqual(['q'])
    expect(ix.match({ n: str('1') })).toEqual([])
    expect(ix.match({ n: { type: 'bool', value: true } })).toEqual([])
    expect(ix.match({ n: dbl(1) })).toEqual([])
  })

  it('rabbitmq-3.10 profile: integer 1 equals double 1.0', () => {
    const ix = indexWith([['q', undefined, { n: int(1) }]], 'rabbitmq-3.10')
    expect(ix.match({ n: dbl(1) })).toEqual(['q'])
  })

  it('longstr equals bytes with the same content', () => {
    const ix = indexWith([['q', undefined, { s: str('abc') }]])
    expect(ix.match({ s: { type: 'bytes', value: 'abc' } })).toEqual(['q'])
  })
})

describe('headers index: bindings and destinations', () => {
  it('one copy per destination, add idempotent, unknown remove a no-op', () => {
    const ix = createHeadersIndex()
    ix.add({ xMatch: 'any', args: { a: str('1') } }, 'q')
    ix.add({ xMatch: 'any', args: { a: str('1') } }, 'q')
    ix.add({ args: { a: str('1') } }, 'q')
    expect(ix.size).toBe(2)
    expect(ix.match({ a: str('1') })).toEqual(['q'])
    ix.remove({ xMatch: 'any', args: { a: str('2') } }, 'q')
    ix.remove({ xMatch: 'any', args: { a: str('1') } }, 'nobody')
    expect(ix.size).toBe(2)
    ix.remove({ xMatch: 'any', args: { a: str('1') } }, 'q')
    expect(ix.match({ a: str('1') })).toEqual(['q'])
    ix.remove({ args: { a: str('1') } }, 'q')
    expect(ix.match({ a: str('1') })).toEqual([])
    expect(ix.size).toBe(0)
  })

  it('bindings differing only in argument types are distinct and route alike', () => {
    const ix = createHeadersIndex()
    ix.add({ args: { a: int(1, 'int') } }, 'q')
    ix.add({ args: { a: int(1, 'long') } }, 'q')
    expect(ix.size).toBe(2)
    ix.remove({ args: { a: int(1, 'int') } }, 'q')
    expect(ix.match({ a: int(1, 'short') })).toEqual(['q'])
  })

  it("an earlier message's hits do not count for the next", () => {
    const ix = indexWith([['q', 'all', { a: str('1'), b: str('2') }]])
    for (let i = 0; i < 3; i++) {
      expect(ix.match({ a: str('1') })).toEqual([])
      expect(ix.match({ b: str('2') })).toEqual([])
    }
    expect(ix.match({ a: str('1'), b: str('2') })).toEqual(['q'])
  })
})
