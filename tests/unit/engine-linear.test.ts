// Work grows linearly with the input: measured as work done (key length, elements scanned), not wall
// time, so the tests are deterministic; the timings are in `npm run bench` (bench/input-bench.ts).
import { afterEach, describe, expect, it } from 'vitest'
import {
  parseScript,
  runOperations,
  tableIdentityKey,
  toAmqpTable,
  toAmqpValue,
  valueKey,
} from '../../src/engine'

/** `{a: {a: … "\\" …}}`: a backslash leaf, which JSON escaping doubles at every level. */
function nested(levels: number): Record<string, unknown> {
  let v: unknown = '\\"'
  for (let i = 0; i < levels; i++) v = { a: v }
  return v as Record<string, unknown>
}

describe('value keys', () => {
  it('a nested value has a key proportional to its size (no re-escaping per level)', () => {
    for (const levels of [8, 16, 24]) {
      const v = toAmqpValue(nested(levels) as never)
      const size = JSON.stringify(nested(levels)).length
      expect(valueKey(v, 'rabbitmq-4').length, `${levels} levels`).toBeLessThan(10 * size)
      expect(tableIdentityKey(toAmqpTable(nested(levels) as never)).length).toBeLessThan(10 * size)
    }
  })

  it('keys still tell values apart that only differ inside strings', () => {
    const key = (json: unknown) => valueKey(toAmqpValue(json as never))
    expect(key({ a: 'x;b=1' })).not.toBe(key({ a: 'x', b: 1 }))
    expect(key({ 'a=': 'b' })).not.toBe(key({ a: '=b' }))
    expect(key(['a;', 'b'])).not.toBe(key(['a', ';b']))
    expect(key({ a: ['1'] })).not.toBe(key({ a: [1] }))
    expect(key({ a: { b: 'c' } })).toBe(key({ a: { b: 'c' } }))
  })

  it('the nested-24 script from the audit routes with the right answer', () => {
    const v = `${'{a: '.repeat(24)}"\\\\\\""${'}'.repeat(24)}`
    const text = `exchange declare h headers\nqueue declare q\nbind q to h args ${v}\npublish to h headers ${v}\n`
    const run = runOperations(parseScript(text).ops)
    expect(run.result).toEqual({ queues: { q: ['m1'] }, returns: [], errors: [] })
  })
})

describe('parseScript', () => {
  const real = { includes: Array.prototype.includes, indexOf: Array.prototype.indexOf }
  afterEach(() => {
    Array.prototype.includes = real.includes
    Array.prototype.indexOf = real.indexOf
  })

  /** Elements that linear searches over long arrays (> 64 items) walk while `fn` runs. */
  function scanned(fn: () => void): number {
    let total = 0
    Array.prototype.includes = function (this: unknown[], ...a: [unknown, number?]) {
      if (this.length > 64) total += this.length
      return real.includes.apply(this, a)
    }
    Array.prototype.indexOf = function (this: unknown[], ...a: [unknown, number?]) {
      if (this.length > 64) total += this.length
      return real.indexOf.apply(this, a)
    }
    fn()
    return total
  }

  it('declared-name checks do not scan the names seen so far (40,000 publishes, queues, vhosts)', () => {
    const n = 10_000
    const lines: string[] = []
    for (let i = 0; i < n; i++)
      lines.push(`vhost v${i}`, `queue declare q${i}`, `publish to x`, `publish m${2 * i + 7} to x`)
    let parsed: ReturnType<typeof parseScript> | undefined
    const work = scanned(() => {
      parsed = parseScript(lines.join('\n'))
    })
    expect(parsed?.declared.publishes).toHaveLength(2 * n)
    expect(new Set(parsed?.declared.publishes).size).toBe(2 * n)
    expect(parsed?.vhosts).toHaveLength(n)
    expect(work).toBeLessThan(lines.length)
  })
})
