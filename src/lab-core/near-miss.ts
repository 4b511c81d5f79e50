/**
 * Typos inside the scenario itself: a direct or topic binding that missed a message but would have
 * matched had one key (or one word of a topic key) differed by at most two characters. The engine
 * decides every match (`topicMatch`); this only proposes the one-word fixes to try.
 */
import { type PublishExplanation, type RunResult, splitWords, topicMatch } from '../engine'
import { editDistance } from './edit-distance'

export interface NearMiss {
  message: string
  vhost: string
  exchange: string
  destination: string
  destinationType: 'queue' | 'exchange'
  bindingKey: string
  routingKey: string
  /** The binding key with the typo fixed: it matches the routing key. */
  fixed: string
}

const close = (a: string, b: string) =>
  a !== b && Math.max(a.length, b.length) >= 3 && editDistance(a, b, 2) <= 2

/** Binding keys that become a match when one literal word is replaced by a close key word. */
function topicFixes(pattern: string, key: string, matches: (p: string) => boolean): string | null {
  const words = splitWords(pattern)
  const keyWords = splitWords(key)
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string
    if (w === '*' || w === '#') continue
    for (const k of keyWords) {
      if (!close(w, k)) continue
      const fixed = [...words.slice(0, i), k, ...words.slice(i + 1)].join('.')
      if (matches(fixed)) return fixed
    }
  }
  return null
}

function missesOf(p: PublishExplanation, run: RunResult): NearMiss[] {
  const out: NearMiss[] = []
  const reached = new Set(p.queues.map((q) => q.queue))
  for (const hop of p.hops) {
    for (const ev of hop.evaluations) {
      if (ev.matched || (ev.destinationType === 'queue' && reached.has(ev.destination))) continue
      for (const rk of p.routingKeys) {
        let fixed: string | null = null
        if (ev.reason.kind === 'direct' && close(ev.routingKey, rk)) fixed = rk
        if (ev.reason.kind === 'topic')
          fixed = topicFixes(ev.routingKey, rk, (f) => {
            try {
              return topicMatch(f, rk, run.profile)
            } catch {
              return false // the teaching profile refuses empty words
            }
          })
        if (fixed === null) continue
        out.push({
          message: p.id,
          vhost: p.vhost,
          exchange: hop.exchange,
          destination: ev.destination,
          destinationType: ev.destinationType,
          bindingKey: ev.routingKey,
          routingKey: rk,
          fixed,
        })
        break
      }
    }
  }
  return out
}

export function nearMisses(run: RunResult): NearMiss[] {
  return run.publishes.flatMap((p) => missesOf(p, run))
}
