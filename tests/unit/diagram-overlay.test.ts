import { describe, expect, it } from 'vitest'
import { DEFAULT_DIAGRAM_LABELS as L } from '../../src/diagram/diagram-types'
import {
  markingOverlay,
  NO_MARKS,
  toggleBinding,
  toggleNowhere,
  toggleQueue,
} from '../../src/diagram/overlay/diagram-marking'
import { pathOverlay } from '../../src/diagram/overlay/diagram-overlay'
import { placeBeside, union } from '../../src/diagram/overlay/overlay-layout'
import { buildTopology } from '../../src/diagram/to-mermaid'
import { runRich } from './diagram-fixtures'

const { run, byId } = runRich()
const topo = run.topology
const idOf = (m: ReturnType<typeof buildTopology>, kind: 'exchange' | 'queue', name: string) =>
  (kind === 'exchange' ? m.ids.exchange : m.ids.queue).get(name)

describe('the drawn topology does not depend on the message', () => {
  it('gives the same Mermaid text for every message with the same scope, and no highlight in it', () => {
    const texts = ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) => buildTopology(topo, byId(id)).text)
    expect(new Set(texts).size).toBe(1)
    expect(texts[0]).toBe(buildTopology(topo, null).text)
    expect(texts[0]).not.toMatch(/pub_0|class \S+ (hl|recv|hot)$/m)
    // the default exchange is drawn only when a message visits it: a new scope, a new text
    expect(buildTopology(topo, byId('m6')).text).not.toBe(texts[0])
  })
})

describe('pathOverlay', () => {
  const m = buildTopology(topo, null)

  it('classes the visited exchanges, matched edges and receiving queues, and notes merged copies', () => {
    const o = pathOverlay(m, byId('m1'), L)
    expect(o.publishId).toBe('m1')
    expect(
      Object.entries(o.nodeClasses)
        .filter(([, c]) => c.includes('hl'))
        .map(([id]) => id)
        .sort(),
    ).toEqual([idOf(m, 'exchange', 'orders'), idOf(m, 'exchange', 'docs')].sort())
    expect(o.nodeClasses[idOf(m, 'queue', 'audit') ?? '']).toEqual(['recv'])
    expect(o.badges).toEqual([
      { kind: 'note', lines: ['2 bindings → 1 copy'], anchor: idOf(m, 'queue', 'audit'), from: [] },
    ])
    expect(o.producer).toMatchObject({ target: idOf(m, 'exchange', 'orders'), keys: 'order.created' })
  })

  it('moves the message stage by stage: the producer, the first exchange’s bindings, then the next', () => {
    const o = pathOverlay(m, byId('m1'), L)
    const edgeOf = (bindingId: string) => m.ids.binding.get(bindingId)
    const hops = byId('m1').hops
    const orders = hops[0]?.evaluations.filter((e) => e.matched).map((e) => edgeOf(e.bindingId)) ?? []
    const docs = hops[1]?.evaluations.filter((e) => e.matched).map((e) => edgeOf(e.bindingId)) ?? []
    expect(o.motion.map((s) => s.map((step) => (step.kind === 'edge' ? step.id : step.kind)))).toEqual([
      ['producer'],
      orders,
      docs,
    ])
  })

  it('follows an alternate exchange, and puts the unroutable outcome beside the dead end', () => {
    const ae = pathOverlay(m, byId('m2'), L)
    expect(Object.values(ae.edgeClasses)).toContainEqual(['aehot'])
    const returned = pathOverlay(m, byId('m3'), L)
    const docs = idOf(m, 'exchange', 'docs')
    expect(returned.badges).toEqual([{ kind: 'dead', lines: [L.returned], anchor: docs, from: [docs] }])
    expect(pathOverlay(m, byId('m4'), L).badges[0]?.lines).toEqual([L.dropped])
  })

  it('shows an error beside the producer, without an arrow into an exchange', () => {
    const o = pathOverlay(m, byId('m5'), L)
    expect(o.producer?.target).toBeNull()
    expect(o.motion).toEqual([])
    expect(o.badges[0]).toMatchObject({ kind: 'err', anchor: 'producer' })
  })

  it('links the default exchange to the queue it delivered to when that edge is not drawn', () => {
    const withDefault = buildTopology(topo, byId('m6'))
    const o = pathOverlay(withDefault, byId('m6'), L)
    expect(o.links).toEqual([
      {
        from: idOf(withDefault, 'exchange', ''),
        to: idOf(withDefault, 'queue', 'idle'),
        label: 'idle',
        cls: 'hot',
      },
    ])
    expect(o.motion[1]).toEqual([{ kind: 'link', index: 0 }])
  })

  it('keeps only the selection for a message of another vhost or none', () => {
    const sel = { kind: 'queue' as const, name: 'pdf', vhost: '/' }
    expect(pathOverlay(m, null, L, sel).nodeClasses).toEqual({ [idOf(m, 'queue', 'pdf') ?? '']: ['sel'] })
  })
})

describe('markingOverlay', () => {
  const m = buildTopology(topo, null)
  const p = byId('m1') // reaches audit and pdf

  it('shows the marks and the message entry, never the path, before the reveal', () => {
    const marks = toggleQueue(NO_MARKS, 'lost')
    const o = markingOverlay(m, p, { marks, revealed: false, nowhere: true }, L)
    expect(o.nodeClasses).toEqual({ [idOf(m, 'queue', 'lost') ?? '']: ['picked'] })
    expect(o.edgeClasses).toEqual({})
    expect(o.motion).toEqual([])
    expect(o.producer?.target).toBe(idOf(m, 'exchange', 'orders'))
    expect(o.pressed).toEqual([idOf(m, 'queue', 'lost')])
    expect(o.choices.map((c) => [c.id, c.pressed])).toEqual([
      ['returned', false],
      ['dropped', false],
    ])
  })

  it('compares each mark with the engine after the reveal: right, wrong, missed', () => {
    const marks = toggleQueue(toggleQueue(NO_MARKS, 'audit'), 'lost')
    const o = markingOverlay(m, p, { marks, revealed: true, nowhere: true }, L)
    expect(o.nodeClasses[idOf(m, 'queue', 'audit') ?? '']).toEqual(['right'])
    expect(o.nodeClasses[idOf(m, 'queue', 'lost') ?? '']).toEqual(['wrong'])
    expect(o.nodeClasses[idOf(m, 'queue', 'pdf') ?? '']).toEqual(['missed'])
    expect(o.nodeClasses[idOf(m, 'queue', 'idle') ?? '']).toBeUndefined()
  })

  it('grades "nowhere" against the outcome, and a nowhere mark clears the queue marks', () => {
    const marks = toggleNowhere(toggleQueue(NO_MARKS, 'audit'), 'dropped')
    expect([...marks.queues]).toEqual([])
    const o = markingOverlay(m, byId('m3'), { marks, revealed: true, nowhere: true }, L)
    expect(o.choices.map((c) => [c.id, c.classes])).toEqual([
      ['returned', ['missed']],
      ['dropped', ['wrong']],
    ])
    expect(toggleQueue(marks, 'pdf').nowhere).toBeNull()
  })

  it('marks bindings by engine id: picked before, ok / bad after the reveal', () => {
    const wrong = topo.bindings.find((b) => b.routing_key === '*.created')?.id ?? ''
    const marks = toggleBinding(NO_MARKS, wrong)
    const before = markingOverlay(m, p, { marks, revealed: false, nowhere: false, bindings: true }, L)
    expect(before.edgeClasses).toEqual({ [m.ids.binding.get(wrong) ?? '']: ['pickEdge'] })
    expect(before.clickableEdges).toHaveLength(m.ids.binding.size)
    const after = markingOverlay(m, byId('m2'), { marks, revealed: true, nowhere: false, bindings: true }, L)
    expect(after.edgeClasses[m.ids.binding.get(wrong) ?? '']).toEqual(['badEdge'])
    expect(after.clickableEdges).toEqual([])
  })
})

describe('overlay layout', () => {
  const anchor = { x: 100, y: 100, w: 50, h: 30 }
  it('takes the first free side, and the first side when none is free', () => {
    expect(placeBeside(anchor, { w: 40, h: 20 }, ['left', 'above'], 10, []).box).toEqual({
      x: 50,
      y: 105,
      w: 40,
      h: 20,
    })
    const blocker = { x: 40, y: 90, w: 50, h: 50 }
    expect(placeBeside(anchor, { w: 40, h: 20 }, ['left', 'above'], 10, [blocker]).side).toBe('above')
    expect(placeBeside(anchor, { w: 40, h: 20 }, ['left'], 10, [blocker]).side).toBe('left')
  })
  it('grows a box over all', () => {
    expect(union([anchor, { x: 0, y: 0, w: 10, h: 10 }], 1)).toEqual({ x: -1, y: -1, w: 152, h: 132 })
  })
})
