import qlobber from 'qlobber'
import { createTopicIndex, topicMatchReference } from '../src/engine'

/**
 * Keys with empty words, checked apart from the timed workload: qlobber splits `""` into one empty
 * word (RabbitMQ: zero words), so it disagrees on them by design. Our index must agree with the
 * reference matcher on every one; qlobber's disagreements are counted and shown, not hidden.
 */
export interface EdgeCheck {
  keys: number
  engineMismatches: number
  qlobberMismatches: number
  qlobberExamples: { key: string; rabbitmq: string[]; qlobber: string[] }[]
}

const PATTERNS = ['', '*', '#', '*.*', '.', 'a.*', 'a.#', '#.a', 'a..b', 'a.*.b', '#.*', '*.#', 'a']
const KEYS = ['', '.', '..', 'a', 'a.', '.a', 'a..b', 'a.b', 'a.x.b', '#', '*']

export function topicEdgeCheck(): EdgeCheck {
  const ix = createTopicIndex()
  const q = new qlobber.QlobberDedup<string>({
    separator: '.',
    wildcard_one: '*',
    wildcard_some: '#',
    match_empty_levels: true,
  })
  for (const p of PATTERNS) {
    ix.add(p, p)
    q.add(p, p)
  }
  const out: EdgeCheck = { keys: KEYS.length, engineMismatches: 0, qlobberMismatches: 0, qlobberExamples: [] }
  for (const k of KEYS) {
    const want = PATTERNS.filter((p) => topicMatchReference(p, k)).sort()
    const eng = ix.match(k).sort()
    const qlb = [...q.match(k)].sort()
    if (eng.join('\n') !== want.join('\n')) out.engineMismatches++
    if (qlb.join('\n') !== want.join('\n')) {
      out.qlobberMismatches++
      if (out.qlobberExamples.length < 3) out.qlobberExamples.push({ key: k, rabbitmq: want, qlobber: qlb })
    }
  }
  return out
}
