/**
 * The trie walkthrough: a set of topic bindings as one shared-prefix trie, and the engine's recorded
 * set of live states after each word of a key (traceTrieMatch), with how each state was entered —
 * including the `#` zero-word closure. The learner may edit the key, add bindings and delete them
 * (the engine's own removal says which nodes are pruned). Any view may embed it.
 */
import { useMemo, useState } from 'react'
import { type TrieRemoval, traceTrieMatch, traceTrieRemoval } from '../../engine'
import { useT } from '../../i18n/messages'
import { PlayerControls } from '../player/player-controls'
import { StepperBody } from '../player/stepper-body'
import { usePlayer, useReducedMotion } from '../player/use-player'
import { type TrieBinding, TrieBindings } from './trie-bindings'
import { trieMessages } from './trie-messages'
import { TrieTree } from './trie-tree'
import './trie.css'

export interface TrieWalkProps {
  bindings: TrieBinding[]
  routingKey: string
  /** The exchange the bindings belong to, for the caption. */
  exchange?: string
  /** Let the learner change the key and the bindings (default true). */
  editable?: boolean
}

const showWord = (w: string) => (w === '' ? '""' : w)

export function TrieWalk({ bindings: initial, routingKey, exchange, editable = true }: TrieWalkProps) {
  const t = useT(trieMessages)
  const [bindings, setBindings] = useState(initial)
  const [key, setKey] = useState(routingKey)
  const [removal, setRemoval] = useState<(TrieRemoval & TrieBinding) | null>(null)
  const trace = useMemo(() => traceTrieMatch(bindings, key), [bindings, key])
  // cursor 0 = the start states; k = after word k; K + 1 = the accepted bindings
  const player = usePlayer(trace.words.length + 1, `${key}\u0000${JSON.stringify(bindings)}`)
  const [reduced] = useReducedMotion()

  const remove = (n: number) => {
    const b = bindings[n]
    if (!b) return
    setRemoval({ ...b, ...traceTrieRemoval(bindings, b) })
    setBindings(bindings.filter((_, m) => m !== n))
  }
  const add = (b: TrieBinding) => {
    setRemoval(null)
    setBindings([...bindings, b])
  }

  const { cursor } = player
  const K = trace.words.length
  const stateAt = cursor === 0 ? trace.start : cursor <= K ? (trace.steps[cursor - 1]?.after ?? []) : null
  const pathOf = (id: number) => trace.nodes.find((n) => n.id === id)?.pattern || t('root')
  // the note's bound: a live state is a node at a key position, so at most V × (K + 1) of them
  const visited = trace.start.length + trace.steps.reduce((n, s) => n + s.after.length, 0)

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
      {editable && (
        <TrieBindings bindings={bindings} routingKey={key} onKey={setKey} onAdd={add} onRemove={remove} />
      )}
      {removal && (
        <p className="trie-removal" data-testid="trie-removal" aria-live="polite">
          {!removal.found
            ? t('removedMissing', { pattern: removal.pattern, dest: removal.dest })
            : removal.pruned.length
              ? t('removedPruned', {
                  pattern: removal.pattern,
                  dest: removal.dest,
                  n: removal.pruned.length,
                  list: removal.pruned.map((p) => p || t('root')).join(', '),
                  before: removal.nodesBefore,
                  after: removal.nodesAfter,
                })
              : t('removedKept', { pattern: removal.pattern, dest: removal.dest })}
        </p>
      )}
      <StepperBody player={player} testId="trie-body">
        <PlayerControls player={player} testId="trie" motion={{ reduced }} />
        <p className="trie-key">
          {t('key')}: {trace.words.length === 0 && <code>{t('emptyKey')}</code>}
          {trace.words.map((w, k) => (
            <code
              // biome-ignore lint/suspicious/noArrayIndexKey: word position in the key
              key={k}
              className={`trie-word${k === cursor - 1 ? ' is-current' : k < cursor ? ' is-done' : ''}`}
              data-testid="trie-word"
            >
              {showWord(w)}
            </code>
          ))}
        </p>
        <p className="stepper-explain" data-testid="trie-explain" aria-live="polite">
          {explain}
          {zero.length > 0 && <> {t('zeroMarks', { list: zero.join(', ') })}</>}
        </p>
        <p className="muted trie-size" data-testid="trie-size">
          {exchange !== undefined
            ? t('trie', { exchange, n: trace.nodes.length })
            : t('trieOwn', { n: trace.nodes.length })}{' '}
          {t('bound', { visited, v: trace.nodes.length, k: K + 1, bound: trace.nodes.length * (K + 1) })}
        </p>
        <TrieTree trace={trace} cursor={cursor} />
      </StepperBody>
    </section>
  )
}
