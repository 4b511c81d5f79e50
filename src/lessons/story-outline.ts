/**
 * The story of a timeline step as it may be read before the learner answers: the operations in
 * order, without the notes (they narrate the outcome) or refusals. When the question is who gets a
 * message, the settlements (ack, nack, reject, basic.get) are folded into one hidden row: which
 * channel settles which message tells who held it.
 */
import type { SimOp } from '../engine'
import { opSummary } from '../explain/sim-views/op-summary'
import type { TimelineQuestion } from './timeline-question'

export type OutlineRow =
  | { kind: 'op'; n: number; text: string }
  | { kind: 'hidden'; n: number; count: number }

const SETTLES = new Set<SimOp['op']>(['ack', 'nack', 'reject', 'get'])

export function storyOutline(ops: SimOp[], question: TimelineQuestion): OutlineRow[] {
  const rows: OutlineRow[] = []
  for (const [i, op] of ops.entries()) {
    if (question.kind === 'deliveries' && SETTLES.has(op.op)) {
      const last = rows.at(-1)
      if (last?.kind === 'hidden') last.count++
      else rows.push({ kind: 'hidden', n: i + 1, count: 1 })
    } else rows.push({ kind: 'op', n: i + 1, text: opSummary(op) })
  }
  return rows
}
