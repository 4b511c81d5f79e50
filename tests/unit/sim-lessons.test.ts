import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runTimeline, type SimState, TimelineScriptError, validateTimelineScript } from '../../src/engine'

const dir = join(import.meta.dirname, '../../lessons/timeline')
const manifest = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { order: string[] }
const load = (id: string) => JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8'))
const finalState = (id: string): SimState => {
  const run = runTimeline(validateTimelineScript(load(id), id))
  return run.frames.at(-1)?.state ?? run.initial
}
const ready = (s: SimState, q: string) => s.queues.find((x) => x.name === q)?.ready.map((m) => m.id)

describe('timeline lessons', () => {
  it('the manifest lists every scenario file exactly once', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json')
    expect([...manifest.order].sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort())
  })

  for (const id of manifest.order) {
    it(`${id}: valid, bilingual, and refused exactly where it says so`, () => {
      const lesson = load(id)
      for (const k of ['title', 'intro', 'takeaway']) {
        expect(lesson[k].en.length, `${id}.${k}.en`).toBeGreaterThan(10)
        expect(lesson[k]['zh-CN'].length, `${id}.${k}.zh-CN`).toBeGreaterThan(5)
      }
      const run = runTimeline(validateTimelineScript(lesson, id))
      for (const f of run.frames) expect(f.ok, `${id} step ${f.index} (${f.id})`).toBe(!f.op.expectError)
    })
  }

  it('competing consumers: notify shared round-robin, audit held back by prefetch 1', () => {
    const s = finalState('competing-consumers')
    const delivered = (tag: string) => s.consumers.find((c) => c.tag === tag)?.delivered
    expect(delivered('notifier-1')).toEqual(['o1', 'o3'])
    expect(delivered('notifier-2')).toEqual(['o2', 'o4'])
    expect(delivered('auditor')).toEqual(['o1', 'o2'])
    expect(ready(s, 'audit')).toEqual(['o3', 'o4'])
  })

  it('homework 07: the late queue has only what came after its binding', () => {
    const s = finalState('hw07-bound-after-promotion')
    expect(ready(s, 'orders-svc')).toEqual(['p1', 'p2', 'p3', 'p4', 'p5'])
    expect(ready(s, 'notify')).toEqual(['p4', 'p5'])
  })

  it('homework 08: only events published while a binding matched reached the probe', () => {
    const s = finalState('hw08-bind-unbind-rebind')
    expect(ready(s, 'probe')).toEqual(['e3', 'e5', 'e6'])
    expect(s.fates.filter((f) => f.outcome === 'returned').map((f) => f.id)).toEqual(['e1', 'e2', 'e4'])
  })

  it('homework 04: both clients gone leaves no queue behind', () => {
    expect(finalState('hw04-same-queue-two-clients').queues).toEqual([])
  })

  it('homework 10: every id has a different fate', () => {
    const s = finalState('hw10-completeness-claim')
    const fate = (id: string) => s.fates.find((f) => f.id === id)
    expect(fate('a1')).toMatchObject({ outcome: 'returned', confirm: 'acked' })
    expect(fate('a2')?.copies).toEqual([
      { queue: 'audit', status: 'acked', consumer: 'auditor', deliveries: 1 },
    ])
    expect(fate('a3')?.copies[0]?.status).toBe('discarded')
    expect(fate('a4')).toMatchObject({ outcome: 'error', confirm: 'pending' })
  })

  it('a malformed script is refused with the path of the problem', () => {
    expect(() => validateTimelineScript({ steps: [{ op: 'consume', queue: 'q' }] })).toThrow(
      new TimelineScriptError('script.steps[0].consumer', 'expected a string'),
    )
    expect(() => validateTimelineScript({ steps: [{ op: 'fly' }] })).toThrow(
      /steps\[0\]\.op: unknown operation "fly"/,
    )
    expect(() => validateTimelineScript({ profile: 'x', steps: [] })).toThrow(/script\.profile/)
  })
})
