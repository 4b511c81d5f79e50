/**
 * Pure layout of the timeline diagram: four columns (publisher, exchanges, queues, consumers) and
 * the edges between them for one frame, with the edges this step's messages travelled marked hot.
 */
import type { SimFrame, SimState, TimelineRun } from '../../engine'

export interface FlowNode {
  key: string
  kind: 'publisher' | 'exchange' | 'queue' | 'consumer'
  label: string
  x: number
  y: number
}

export interface FlowEdge {
  key: string
  from: string
  to: string
  path: string
  hot: boolean
  dashed: boolean
  /** A queue → dead-letter exchange edge. */
  dl?: boolean
}

/** A message dot travelling along consecutive edges during this step. */
export interface FlowTrip {
  key: string
  message: string
  path: string
  /** Seconds to wait: a delivery in the same step starts once the publish has arrived. */
  delay: number
}

export interface FlowLayout {
  width: number
  height: number
  nodes: FlowNode[]
  edges: FlowEdge[]
  trips: FlowTrip[]
}

export const NODE_W = 150
export const NODE_H = 46
const COL_X = [20, 215, 430, 660]
const ROW_GAP = 64
const TOP = 24

const xKey = (name: string) => `x:${name}`
const qKey = (name: string) => `q:${name}`
const cKey = (tag: string) => `c:${tag}`

/** The dead-letter exchange in force on a queue (argument or policy), if any. */
function deadLetterExchange(state: SimState, queue: string): string | null {
  const q = state.topology.queues.find((x) => x.name === queue)
  const dlx = q?.effective?.find((e) => e.key === 'dead-letter-exchange')
  return dlx ? String(dlx.value) : null
}

/** Exchanges worth drawing: declared ones, plus built-ins the script publishes or dead-letters to. */
function exchangesOf(run: TimelineRun, state: SimState): string[] {
  const used = new Set<string>()
  for (const f of run.frames) if (f.op.op === 'publish') used.add(f.op.publish.exchange)
  for (const q of state.queues) {
    const dlx = deadLetterExchange(state, q.name)
    if (dlx !== null) used.add(dlx)
  }
  return state.topology.exchanges.filter((x) => !x.builtin || used.has(x.name)).map((x) => x.name)
}

function curve(a: FlowNode, b: FlowNode): string {
  const x1 = a.x + NODE_W
  const y1 = a.y + NODE_H / 2
  const x2 = b.x
  const y2 = b.y + NODE_H / 2
  const mx = (x1 + x2) / 2
  return `M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}`
}

/** Back from a queue's left side to an exchange's right side, a little below the forward edges. */
function backCurve(q: FlowNode, x: FlowNode): string {
  const y1 = q.y + NODE_H * 0.8
  const y2 = x.y + NODE_H * 0.8
  const x1 = q.x
  const x2 = x.x + NODE_W
  const mx = (x1 + x2) / 2
  return `M${x1},${y1} C${mx},${y1 + 18} ${mx},${y2 + 18} ${x2},${y2}`
}

export function layoutFrame(run: TimelineRun, frame: SimFrame | null): FlowLayout {
  const state = frame?.state ?? run.initial
  const nodes: FlowNode[] = []
  const column = (kind: FlowNode['kind'], col: number, items: { key: string; label: string }[]) =>
    items.forEach((it, i) => {
      nodes.push({ ...it, kind, x: COL_X[col] ?? 0, y: TOP + i * ROW_GAP })
    })
  column('publisher', 0, [{ key: 'publisher', label: 'publisher' }])
  column(
    'exchange',
    1,
    exchangesOf(run, state).map((name) => ({ key: xKey(name), label: name })),
  )
  column(
    'queue',
    2,
    state.queues.map((q) => ({ key: qKey(q.name), label: q.name })),
  )
  column(
    'consumer',
    3,
    state.consumers.map((c) => ({ key: cKey(c.tag), label: c.tag })),
  )
  const byKey = new Map(nodes.map((n) => [n.key, n]))

  // What moved in this step: the publish's exchange to each queue, and each queue to its consumer.
  const op = frame?.op
  const hot = new Set<string>()
  const trips: FlowTrip[] = []
  const publishedVia = op?.op === 'publish' ? xKey(op.publish.exchange) : null
  for (const e of frame?.events ?? []) {
    if (e.kind === 'enqueued' && publishedVia) {
      hot.add(`publisher>${publishedVia}`)
      hot.add(`${publishedVia}>${qKey(e.queue)}`)
    }
    if (e.kind === 'delivered' && e.consumer) hot.add(`${qKey(e.queue)}>${cKey(e.consumer)}`)
    if (e.kind === 'dead-lettered') {
      hot.add(`${qKey(e.queue)}>${xKey(e.hop.exchange)}`)
      for (const d of e.hop.queues) hot.add(`${xKey(e.hop.exchange)}>${qKey(d.queue)}`)
    }
  }

  const edges: FlowEdge[] = []
  const addEdge = (from: string, to: string, dashed = false) => {
    const a = byKey.get(from)
    const b = byKey.get(to)
    const key = `${from}>${to}`
    if (!a || !b || edges.some((x) => x.key === key)) return
    edges.push({ key, from, to, path: curve(a, b), hot: hot.has(key), dashed })
  }
  for (const n of nodes) if (n.kind === 'exchange') addEdge('publisher', n.key)
  for (const b of state.topology.bindings) {
    if (b.destination_type === 'queue') addEdge(xKey(b.source), qKey(b.destination))
    else addEdge(xKey(b.source), xKey(b.destination))
  }
  // The default exchange reaches every queue by name; draw only the edges this step used.
  for (const key of hot) {
    const [from, to] = key.split('>') as [string, string]
    if (from === xKey('')) addEdge(from, to, true)
  }
  for (const c of state.consumers) addEdge(qKey(c.queue), cKey(c.tag))
  // Dead-lettering: each queue back to its dead-letter exchange (dashed).
  for (const q of state.queues) {
    const dlx = deadLetterExchange(state, q.name)
    const a = byKey.get(qKey(q.name))
    const b = dlx === null ? undefined : byKey.get(xKey(dlx))
    if (!a || !b) continue
    const key = `${a.key}>${b.key}`
    edges.push({
      key,
      from: a.key,
      to: b.key,
      path: backCurve(a, b),
      hot: hot.has(key),
      dashed: true,
      dl: true,
    })
  }

  for (const e of frame?.events ?? []) {
    if (e.kind === 'enqueued' && publishedVia) {
      const a = edges.find((x) => x.key === `publisher>${publishedVia}`)
      const b = edges.find((x) => x.key === `${publishedVia}>${qKey(e.queue)}`)
      if (a && b)
        trips.push({
          key: `in:${e.message}:${e.queue}`,
          message: e.message,
          path: `${a.path} ${b.path.replace(/^M/, 'L')}`,
          delay: 0,
        })
    }
    if (e.kind === 'dead-lettered') {
      const back = edges.find((x) => x.key === `${qKey(e.queue)}>${xKey(e.hop.exchange)}`)
      for (const d of e.hop.queues) {
        const on = edges.find((x) => x.key === `${xKey(e.hop.exchange)}>${qKey(d.queue)}`)
        if (back && on)
          trips.push({
            key: `dl:${e.message}:${e.queue}:${d.queue}`,
            message: e.message,
            path: `${back.path} ${on.path.replace(/^M/, 'L')}`,
            delay: publishedVia ? 0.9 : 0,
          })
      }
    }
    if (e.kind === 'delivered' && e.consumer) {
      const c = edges.find((x) => x.key === `${qKey(e.queue)}>${cKey(e.consumer ?? '')}`)
      if (c)
        trips.push({
          key: `out:${e.message}:${e.consumer}:${e.tag}`,
          message: e.message,
          path: c.path,
          delay: publishedVia ? 0.9 : 0,
        })
    }
  }
  const rows = Math.max(1, ...[0, 1, 2, 3].map((col) => nodes.filter((n) => n.x === COL_X[col]).length))
  return {
    width: (COL_X[3] ?? 0) + NODE_W + 20,
    height: TOP * 2 + (rows - 1) * ROW_GAP + NODE_H,
    nodes,
    edges,
    trips,
  }
}
