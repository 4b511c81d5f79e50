/**
 * Decides what the diagram draws: one vhost, built-in exchanges only when they matter, and, above a
 * size threshold, only what the message touched (focus mode) so 1,000 bindings stay readable.
 */
import type { BindingState, ExchangeState, PublishExplanation, QueueState, TopologySnapshot } from '../engine'
import { deadLetterTargets, deadLetterTouched } from './dead-letter-diagram'
import type { DiagramOptions } from './diagram-types'

export interface DiagramScope {
  vhost: string
  exchanges: ExchangeState[]
  queues: QueueState[]
  bindings: BindingState[]
  focused: boolean
  /** Focused on what all the run's messages touched (not only the one shown). */
  spansRun: boolean
  hiddenBindings: number
  hiddenQueues: number
  hiddenExchanges: number
}

const DEFAULT_THRESHOLD = 150
/** Focus mode draws at most this many of the queues a message reached. */
const MAX_FOCUSED_QUEUES = 40
/** Without a publish, focus mode still needs a bound on the exchange graph it draws. */
const MAX_UNFOCUSED_EXCHANGES = 60

function pickVhost(topology: TopologySnapshot, publish: PublishExplanation | null, wanted?: string) {
  if (wanted !== undefined) return wanted
  if (publish) return publish.vhost
  return topology.vhosts.includes('/') ? '/' : (topology.vhosts[0] ?? '/')
}

/** The `alternate-exchange` argument when it is a string (the only form the broker accepts). */
export function alternateOf(x: ExchangeState): string | null {
  const arg = x.arguments['alternate-exchange']
  return arg?.type === 'longstr' ? arg.value : null
}

export function computeScope(
  topology: TopologySnapshot,
  publish: PublishExplanation | null,
  options: DiagramOptions,
): DiagramScope {
  const vhost = pickVhost(topology, publish, options.vhost)
  const exchanges = topology.exchanges.filter((x) => x.vhost === vhost)
  const queues = topology.queues.filter((q) => q.vhost === vhost)
  const bindings = topology.bindings.filter((b) => b.vhost === vhost)
  const onPath = publish && publish.vhost === vhost ? publish : null
  const visited = new Set(onPath?.hops.map((h) => h.exchange) ?? [])

  const mode = options.focus ?? 'auto'
  const threshold = options.focusThreshold ?? DEFAULT_THRESHOLD
  const size = bindings.length + queues.length + exchanges.length
  const focused = mode === 'touched' || (mode === 'auto' && size > threshold)

  if (!focused) {
    const bound = new Set<string>()
    for (const b of bindings) {
      bound.add(b.source)
      if (b.destination_type === 'exchange') bound.add(b.destination)
    }
    const aeTargets = new Set(exchanges.map(alternateOf).filter((n): n is string => n !== null))
    const dlTargets = deadLetterTargets(queues)
    const shown = exchanges.filter((x) => {
      if (visited.has(x.name) || dlTargets.has(x.name)) return true
      if (x.name === '') return options.showDefaultExchange === true
      return !x.builtin || bound.has(x.name) || aeTargets.has(x.name)
    })
    return {
      vhost,
      exchanges: shown,
      queues,
      bindings,
      focused,
      spansRun: false,
      hiddenBindings: 0,
      hiddenQueues: 0,
      hiddenExchanges: 0,
    }
  }

  if (onPath) {
    const run = runTouched(onPath, options.companions)
    const one = run ?? touched(onPath)
    for (const x of one.exchanges) visited.add(x)
    const matched = one.bindings
    // A fanout to hundreds of queues stays drawable: the first ones reached, the rest counted.
    const reached = new Set([...one.queues].slice(0, MAX_FOCUSED_QUEUES))
    const shownBindings = bindings.filter(
      (b) => matched.has(b.id) && (b.destination_type === 'exchange' || reached.has(b.destination)),
    )
    const shownQueues = queues.filter((q) => reached.has(q.name))
    const shownExchanges = exchanges.filter(
      (x) => visited.has(x.name) || (x.name === '' && options.showDefaultExchange === true),
    )
    return {
      vhost,
      exchanges: shownExchanges,
      queues: shownQueues,
      bindings: shownBindings,
      focused,
      spansRun: run !== null,
      hiddenBindings: bindings.length - shownBindings.length,
      hiddenQueues: queues.length - shownQueues.length,
      hiddenExchanges: 0,
    }
  }

  // No message yet: the exchange graph (E2E bindings), queues and queue bindings summarised.
  const candidates = exchanges.filter(
    (x) => !x.builtin || (x.name === '' && options.showDefaultExchange === true),
  )
  const shownExchanges = candidates.slice(0, MAX_UNFOCUSED_EXCHANGES)
  const names = new Set(shownExchanges.map((x) => x.name))
  const shownBindings = bindings.filter(
    (b) => b.destination_type === 'exchange' && names.has(b.source) && names.has(b.destination),
  )
  return {
    vhost,
    exchanges: shownExchanges,
    queues: [],
    bindings: shownBindings,
    focused,
    spansRun: false,
    hiddenBindings: bindings.length - shownBindings.length,
    hiddenQueues: queues.length,
    hiddenExchanges: candidates.length - shownExchanges.length,
  }
}

interface Touched {
  exchanges: Set<string>
  bindings: Set<string>
  /** In first-reached order. */
  queues: Set<string>
}

/** The exchanges, matched bindings and queues one message touched, dead-letter hops included. */
function touched(p: PublishExplanation, into?: Touched): Touched {
  const t = into ?? { exchanges: new Set(), bindings: new Set(), queues: new Set() }
  for (const hop of p.hops) {
    t.exchanges.add(hop.exchange)
    for (const ev of hop.evaluations) if (ev.matched) t.bindings.add(ev.bindingId)
  }
  for (const q of p.queues) t.queues.add(q.queue)
  const dl = deadLetterTouched(p)
  for (const x of dl.exchanges) t.exchanges.add(x)
  for (const b of dl.bindings) t.bindings.add(b)
  for (const q of dl.queues) t.queues.add(q)
  return t
}

/** A focused view of the whole run stays this small, or it focuses on the one message shown. */
const RUN_FOCUS_MAX_MESSAGES = 60
const RUN_FOCUS_MAX_BINDINGS = 120

/**
 * What every message of the run in the shown message's vhost touched, when that stays within the
 * focused view's bounds: the same drawing for each of them, so choosing another only moves the
 * overlay. Null (focus on the shown message alone) when it grows too large, or when a message was
 * routed without its per-binding explanation (its bindings are not known).
 */
function runTouched(shown: PublishExplanation, companions?: readonly PublishExplanation[]): Touched | null {
  if (!companions || companions.length < 2 || companions.length > RUN_FOCUS_MAX_MESSAGES) return null
  if (shown.explained === false) return null
  // The shown one first (it may be a logged message of an older run), then the run's.
  const all = touched(shown)
  for (const p of companions) {
    if (p.vhost !== shown.vhost) continue
    if (p.explained === false) return null
    touched(p, all)
    if (all.queues.size > MAX_FOCUSED_QUEUES || all.bindings.size > RUN_FOCUS_MAX_BINDINGS) return null
  }
  return all
}
