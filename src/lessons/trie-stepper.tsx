/**
 * The trie walkthrough: the bindings of the published-to exchange as one shared-prefix trie, and the
 * engine's recorded set of live states after each word (traceTrieMatch), with how each state was
 * entered — including the `#` zero-word closure.
 */
import { useMemo, useState } from 'react'
import { type RunResult, type TrieTraceNode, type TrieTraceOrigin, traceTrieMatch } from '../engine'
import { useT } from '../i18n/messages'
import { PlayerControls } from './player-controls'
import { PublishPicker } from './publish-picker'
import { StepperBody } from './stepper-body'
import { trieMessages } from './trie-messages'
import { usePlayer } from './use-player'

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

export function TrieStepper({ run }: { run: RunResult }) {
  const t = useT(trieMessages)
  const [selected, setSelected] = useState(0)
  const pub = run.publishes[selected]
  const trace = useMemo(() => {
    if (!pub) return null
    const patterns = run.topology.bindings
      .filter((b) => b.source === pub.exchange && b.vhost === pub.vhost)
      .map((b) => ({ pattern: b.routing_key, dest: b.destination }))
    return traceTrieMatch(patterns, pub.routingKeys[0] ?? '')
  }, [run, pub])
  // cursor 0 = the start states; k = after word k; K + 1 = the accepted bindings
  const player = usePlayer(trace ? trace.words.length + 1 : 0, pub?.id ?? '')
  const order = useMemo(() => (trace ? treeOrder(trace.nodes) : []), [trace])
  if (!pub || !trace) return null

  const { cursor } = player
  const K = trace.words.length
  const stateAt = cursor === 0 ? trace.start : cursor <= K ? (trace.steps[cursor - 1]?.after ?? []) : null
  const liveIds = new Set(stateAt ? stateAt.map((s) => s.node) : trace.final)
  const via = new Map((stateAt ?? []).map((s) => [s.node, s.via]))
  const accepted = new Set(cursor > K ? trace.accepted.map((a) => a.node) : [])
  const pathOf = (id: number) => trace.nodes.find((n) => n.id === id)?.pattern || t('root')

  let explain: string
  if (cursor === 0) explain = t('stepStart', { n: trace.start.length })
  else if (cursor <= K) {
    const s = trace.steps[cursor - 1]
    explain = s?.after.length
      ? t('stepWord', { k: cursor, word: s.word, before: s.before.length, after: s.after.length })
      : t('stepDead', { k: cursor, word: s?.word ?? '' })
  } else if (trace.accepted.length)
    explain = t('stepEnd', {
      accepted: trace.accepted.map((a) => `${a.pattern} → ${a.dest}`).join(', '),
      dests: `[${trace.destinations.join(', ')}]`,
    })
  else explain = t('stepEndNone')
  const zero = (stateAt ?? [])
    .filter((s) => s.via.some((v) => v.origin === 'hash-zero'))
    .map((s) => pathOf(s.node))

  return (
    <section className="stepper trie-stepper" data-testid="stepper-trie" aria-label={t('title')}>
      <h4>{t('title')}</h4>
      <PublishPicker publishes={run.publishes} selected={selected} onSelect={setSelected} />
      <StepperBody player={player} testId="trie-body">
        <PlayerControls player={player} testId="trie" />
        <p className="trie-key">
          {t('key')}:{' '}
          {trace.words.map((w, k) => (
            <code
              // biome-ignore lint/suspicious/noArrayIndexKey: word position in the key
              key={k}
              className={`trie-word${k === cursor - 1 ? ' is-current' : k < cursor ? ' is-done' : ''}`}
              data-testid="trie-word"
            >
              {w === '' ? '""' : w}
            </code>
          ))}
        </p>
        <p className="stepper-explain" data-testid="trie-explain" aria-live="polite">
          {explain}
          {zero.length > 0 && <> {t('zeroMarks', { list: zero.join(', ') })}</>}
        </p>
        <p className="muted">{t('trie', { exchange: pub.exchange, n: trace.nodes.length })}</p>
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
      </StepperBody>
    </section>
  )
}
