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
  hiddenBindings: number
  hiddenQueues: number
  hiddenExchanges: number
}

const DEFAULT_THRESHOLD = 150
/** Focus mode draws at most this many of the queues a message reached. */
export const MAX_FOCUSED_QUEUES = 40
/** Without a publish, focus mode still needs a bound on the exchange graph it draws. */
const MAX_UNFOCUSED_EXCHANGES = 60

export function pickVhost(topology: TopologySnapshot, publish: PublishExplanation | null, wanted?: string) {
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
      hiddenBindings: 0,
      hiddenQueues: 0,
      hiddenExchanges: 0,
    }
  }

  if (onPath) {
    const dl = deadLetterTouched(onPath)
    for (const x of dl.exchanges) visited.add(x)
    const matched = new Set<string>(dl.bindings)
    for (const hop of onPath.hops) for (const ev of hop.evaluations) if (ev.matched) matched.add(ev.bindingId)
    // A fanout to hundreds of queues stays drawable: the first ones reached, the rest counted.
    const reached = new Set([...onPath.queues.map((q) => q.queue), ...dl.queues].slice(0, MAX_FOCUSED_QUEUES))
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
    hiddenBindings: bindings.length - shownBindings.length,
    hiddenQueues: queues.length,
    hiddenExchanges: candidates.length - shownExchanges.length,
  }
}
