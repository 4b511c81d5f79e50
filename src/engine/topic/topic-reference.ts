/**
 * Brute-force reference matcher, a direct transcription of the independent matcher in RabbitMQ's
 * test suite (rabbit_db_topic_exchange_SUITE). Exponential with many `#`: tests only.
 */
import { splitWords } from './topic-words'

function match(p: readonly string[], pi: number, k: readonly string[], ki: number): boolean {
  if (pi === p.length) return ki === k.length
  const w = p[pi]
  if (w === '#') {
    if (pi === p.length - 1) return true // a trailing # eats everything, including nothing
    if (match(p, pi + 1, k, ki)) return true // # as zero words
    return ki < k.length && match(p, pi, k, ki + 1) // # eats one more word
  }
  if (ki === k.length) return false
  if (w === '*' || w === k[ki]) return match(p, pi + 1, k, ki + 1)
  return false
}

/** Does binding `pattern` match `routingKey`? Reference semantics, no memo. */
export function topicMatchReference(pattern: string, routingKey: string): boolean {
  return match(splitWords(pattern), 0, splitWords(routingKey), 0)
}
