import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createRoutingPort,
  runOperations,
  runTimeline,
  type SimFrame,
  type SimState,
  type TimelineScript,
} from '../../src/engine'
import { randomTimeline } from '../conformance/sim/generate'

// Seeded so a failure replays; fast-check prints the seed and the shrunk (seed, length) pair.
const params = { seed: 20261129, numRuns: 60 }
const arbTimeline = fc
  .tuple(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 5, max: 45 }), fc.boolean())
  .map(([seed, length, lifecycle]) => randomTimeline(seed, length, lifecycle))

const everyState = (frames: SimFrame[], check: (s: SimState, f: SimFrame) => void) => {
  for (const f of frames) check(f.state, f)
}

describe('simulation invariants on random timelines', () => {
  it('prefetch is never exceeded', () => {
    fc.assert(
      fc.property(arbTimeline, (script) => {
        everyState(runTimeline(script).frames, (s) => {
          for (const c of s.consumers) {
            if (c.prefetch === 0 || c.noAck) continue
            const held = s.channels
              .find((ch) => ch.id === c.channel)
              ?.unacked.filter((d) => d.consumer === c.tag)
            expect(held?.length ?? 0).toBeLessThanOrEqual(c.prefetch)
          }
        })
      }),
      params,
    )
  })

  it('every copy of a message is in exactly one place, or has a final status', () => {
    fc.assert(
      fc.property(arbTimeline, (script) => {
        everyState(runTimeline(script).frames, (s, f) => {
          const places = new Map<string, number>()
          const add = (k: string) => places.set(k, (places.get(k) ?? 0) + 1)
          for (const q of s.queues) for (const m of q.ready) add(`${m.id}@${q.name}:ready`)
          for (const ch of s.channels) for (const d of ch.unacked) add(`${d.message.id}@${d.queue}:unacked`)
          for (const [k, n] of places) expect(n, `${k} at step ${f.index}`).toBe(1)
          for (const fate of s.fates)
            for (const c of fate.copies) {
              const live = c.status === 'ready' || c.status === 'unacked'
              const here = places.has(`${fate.id}@${c.queue}:${c.status}`)
              // A copy still unacked from a queue deleted meanwhile is held by its channel only.
              if (live) expect(here, `${fate.id}@${c.queue} is ${c.status} at step ${f.index}`).toBe(true)
            }
          const accounted = s.fates.reduce(
            (n, fate) => n + fate.copies.filter((c) => c.status === 'ready' || c.status === 'unacked').length,
            0,
          )
          expect(accounted).toBe([...places.values()].length)
        })
      }),
      params,
    )
  })

  it('ready messages stay in queue order, requeued ones included', () => {
    fc.assert(
      fc.property(arbTimeline, (script) => {
        everyState(runTimeline(script).frames, (s) => {
          for (const q of s.queues) {
            const seqs = q.ready.map((m) => m.seq)
            expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
            expect(new Set(seqs).size).toBe(seqs.length)
          }
        })
      }),
      params,
    )
  })

  it('the live broker port and the replaying runOperations port give the same run', () => {
    fc.assert(
      fc.property(arbTimeline, (script) => {
        const live = runTimeline(script)
        const replay = runTimeline(script, createRoutingPort(runOperations, script.profile ?? 'rabbitmq-4'))
        expect(replay.frames.map((f) => [f.ok, f.events])).toEqual(live.frames.map((f) => [f.ok, f.events]))
      }),
      { ...params, numRuns: 25 },
    )
  })
})

describe('round-robin fairness', () => {
  it('N consumers without prefetch get messages in strict rotation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 40 }), (n, m) => {
        const script: TimelineScript = {
          profile: 'rabbitmq-3.10',
          steps: [
            { op: 'queue.declare', queue: { name: 'w' } },
            ...Array.from({ length: n }, (_, i) => ({
              op: 'consume' as const,
              queue: 'w',
              consumer: `c${i}`,
            })),
            ...Array.from({ length: m }, (_, i) => ({
              op: 'publish' as const,
              publish: { id: `m${i}`, exchange: '', routing_key: 'w' },
            })),
          ],
        }
        const s = runTimeline(script).frames.at(-1)?.state
        for (let i = 0; i < n; i++) {
          const want = Array.from({ length: m }, (_, k) => `m${k}`).filter((_, k) => k % n === i)
          expect(s?.consumers.find((c) => c.tag === `c${i}`)?.delivered).toEqual(want)
        }
      }),
      params,
    )
  })
})

describe('confirms', () => {
  it('sequence numbers count from 1 per channel, each registered before its ack, a return before the ack', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.boolean()), { maxLength: 12 }),
        fc.integer({ min: 0, max: 11 }),
        (pubs, reopenAt) => {
          const script: TimelineScript = {
            profile: 'rabbitmq-3.10',
            steps: [{ op: 'queue.declare', queue: { name: 'w' } }, { op: 'confirm.select' }],
          }
          pubs.forEach(([routable, mandatory], i) => {
            if (i === reopenAt)
              script.steps.push(
                { op: 'channel.close' },
                { op: 'channel.open', connection: 'conn' },
                { op: 'confirm.select' },
              )
            script.steps.push({
              op: 'publish',
              publish: { id: `p${i}`, exchange: routable ? '' : 'amq.direct', routing_key: 'w', mandatory },
            })
          })
          let expected = 1
          for (const f of runTimeline(script).frames) {
            if (f.op.op === 'channel.open') expected = 1
            if (f.op.op !== 'publish') continue
            const kinds = f.events.map((e) => e.kind)
            expect(kinds[0]).toBe('confirm.registered')
            expect(f.events[0]).toMatchObject({ seq: expected })
            const ackAt = kinds.indexOf('confirm.ack')
            expect(f.events[ackAt]).toMatchObject({ seq: expected })
            if (kinds.includes('returned')) expect(kinds.indexOf('returned')).toBeLessThan(ackAt)
            expected++
          }
        },
      ),
      params,
    )
  })
})
