/** The trie drawn as an indented tree: live nodes at the cursor, how they were entered, accepted bindings. */
import { useMemo } from 'react'
import type { TrieTrace, TrieTraceNode, TrieTraceOrigin } from '../../engine'
import { useT } from '../../i18n/messages'
import { trieMessages } from './trie-messages'

const ORIGIN_KEY = {
  start: 'originStart',
  literal: 'originLiteral',
  star: 'originStar',
  'hash-stay': 'originHashStay',
  'hash-zero': 'originHashZero',
} as const satisfies Record<TrieTraceOrigin, string>

/** Nodes in depth-first order with their depth, for an indented drawing. */
function treeOrder(nodes: TrieTraceNode[]): { node: TrieTraceNode; depth: number }[] {
  const children = new Map<number | null, TrieTraceNode[]>()
  for (const n of nodes) children.set(n.parent, [...(children.get(n.parent) ?? []), n])
  const out: { node: TrieTraceNode; depth: number }[] = []
  const visit = (n: TrieTraceNode, depth: number) => {
    out.push({ node: n, depth })
    for (const c of children.get(n.id) ?? []) visit(c, depth + 1)
  }
  for (const r of children.get(null) ?? []) visit(r, 0)
  return out
}

export function TrieTree({ trace, cursor }: { trace: TrieTrace; cursor: number }) {
  const t = useT(trieMessages)
  const order = useMemo(() => treeOrder(trace.nodes), [trace])
  const K = trace.words.length
  const stateAt = cursor === 0 ? trace.start : cursor <= K ? (trace.steps[cursor - 1]?.after ?? []) : null
  const liveIds = new Set(stateAt ? stateAt.map((s) => s.node) : trace.final)
  const via = new Map((stateAt ?? []).map((s) => [s.node, s.via]))
  const accepted = new Set(cursor > K ? trace.accepted.map((a) => a.node) : [])
  return (
    <ul className="trie-tree" data-testid="trie-tree">
      {order.map(({ node, depth }) => {
        const live = liveIds.has(node.id)
        const ways = via.get(node.id) ?? []
        return (
          <li
            key={node.id}
            className={`trie-node${live ? ' is-live' : ''}${accepted.has(node.id) ? ' is-accepted' : ''}`}
            style={{ paddingLeft: `${depth * 1.6}em` }}
            data-pattern={node.pattern}
            data-live={live ? 'true' : 'false'}
          >
            <code className={`trie-edge kind-${node.kind}`}>
              {node.word === null ? t('root') : node.word || '""'}
            </code>
            {node.dests.length > 0 && (
              <span className="trie-dests">
                {t('boundHere', { pattern: node.pattern, dests: node.dests.join(', ') })}
              </span>
            )}
            {live && ways.length > 0 && (
              <span className="trie-via">
                {t('live')}: {[...new Set(ways.map((v) => t(ORIGIN_KEY[v.origin])))].join(' / ')}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
