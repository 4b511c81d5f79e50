import { describe, expect, it } from 'vitest'
import { parseScript, printOperation, runOperations } from '../../src/engine'

const ops = (text: string) => {
  const parsed = parseScript(text)
  expect(parsed.diagnostics).toEqual([])
  return parsed.ops
}

describe('passive declares in the script', () => {
  it('reads `exchange declare NAME passive` without a type, and with one', () => {
    const [typeless, typed] = ops('exchange declare x passive\nexchange declare y topic passive\n')
    expect(typeless).toMatchObject({
      op: 'exchange.declare',
      exchange: { name: 'x', type: '', passive: true },
    })
    expect(typed).toMatchObject({
      op: 'exchange.declare',
      exchange: { name: 'y', type: 'topic', passive: true },
    })
    // an exchange type literally named "passive" is written quoted
    const [quoted] = ops('exchange declare z "passive"\n')
    expect(quoted).toMatchObject({ exchange: { type: 'passive' } })
    expect(quoted && 'exchange' in quoted && quoted.exchange.passive).toBeUndefined()
  })

  it('prints them back to the same operations', () => {
    const text =
      'exchange declare x passive\nexchange declare y topic passive\nqueue declare q exclusive passive\n'
    const first = ops(text)
    expect(first.map(printOperation)).toEqual(text.trim().split('\n'))
    expect(ops(first.map(printOperation).join('\n'))).toEqual(first)
  })

  it('checks existence only: 404 for a missing exchange or queue, nothing created, flags ignored', () => {
    const run = runOperations(
      ops(
        [
          'exchange declare orders topic',
          'queue declare audit',
          'exchange declare orders fanout transient passive',
          'queue declare audit transient exclusive passive',
          'exchange declare ghost passive',
          'queue declare nobody passive',
        ].join('\n'),
      ),
      'rabbitmq-4',
    )
    const refused = run.outcomes.filter((o) => o.error).map((o) => [o.error?.code, o.error?.text])
    expect(refused).toEqual([
      [404, "NOT_FOUND - no exchange 'ghost' in vhost '/'"],
      [404, "NOT_FOUND - no queue 'nobody' in vhost '/'"],
    ])
    expect(run.topology.exchanges.find((x) => x.name === 'orders')?.type).toBe('topic')
    expect(run.topology.exchanges.some((x) => x.name === 'ghost')).toBe(false)
    expect(run.topology.queues.map((q) => q.name)).toEqual(['audit'])
  })
})
