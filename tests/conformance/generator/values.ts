import type { JsonValue } from '../../../src/engine'
import type { Rng } from './prng'

/** Literal words of routing keys; '' makes empty words ("a..b", ".a", "a."). */
const KEY_WORDS = ['a', 'b', 'c', '', 'a', 'b']
/** Rarely a routing key carries a literal '*' or '#', which is no wildcard there. */
const RARE_KEY_WORDS = ['*', '#', 'A', 'é', 'a b']

/** A short routing key of 0-3 words, possibly with empty words. */
export function routingKey(rng: Rng): string {
  const n = rng.chance(0.08) ? rng.int(4, 9) : rng.pick([0, 1, 1, 2, 2, 3])
  const words: string[] = []
  for (let i = 0; i < n; i++) words.push(rng.chance(0.05) ? rng.pick(RARE_KEY_WORDS) : rng.pick(KEY_WORDS))
  return words.join('.')
}

/**
 * A topic binding key of 0-4 words with at most three '#': Debian's 3.10.8 matcher is exponential
 * in '#' words, so more would only measure the broker's patience.
 */
export function topicPattern(rng: Rng): string {
  const n = rng.chance(0.08) ? rng.int(5, 9) : rng.pick([0, 1, 1, 2, 2, 3, 4])
  const words: string[] = []
  let hashes = 0
  for (let i = 0; i < n; i++) {
    let w = rng.pick(['a', 'b', '', '*', '#', '*', '#', 'c'])
    if (w === '#' && ++hashes > 3) w = '*'
    words.push(w)
  }
  return words.join('.')
}

/** Keys for direct bindings: mostly plain, sometimes differing only by case, space or a dot. */
export function directKey(rng: Rng): string {
  return rng.chance(0.7)
    ? rng.pick(['a', 'b', 'c', 'a.b', ''])
    : rng.pick(['A', 'a ', 'a.', '*', '#', 'a.b.c'])
}

/** Typed header values: strings, integers of several widths, doubles, booleans, void, tables, arrays. */
function headerValue(rng: Rng): JsonValue {
  return rng.pick<JsonValue>([
    '1',
    1,
    2,
    'x',
    true,
    false,
    null,
    { '!': 'long', value: 1 },
    { '!': 'short', value: 2 },
    { '!': 'double', value: 1 },
    { '!': 'float', value: 2 },
    1.5,
    { a: 1 },
    { a: { '!': 'long', value: 1 } },
    ['a', 1],
    [],
    {},
    { '!': 'long', value: '9007199254740993' },
    { '!': 'timestamp', value: 1 },
    { '!': 'decimal', value: { places: 1, digits: 10 } },
  ])
}

const HEADER_KEYS = ['h1', 'h2', 'h3', 'x-h']
/** Frequent values, so that bindings and messages often meet. */
const COMMON: JsonValue[] = ['1', 1]

/** A header table of 0-3 entries. */
export function headerTable(rng: Rng): { [key: string]: JsonValue } {
  const table: { [key: string]: JsonValue } = {}
  for (let i = rng.int(0, 3); i > 0; i--)
    table[rng.pick(HEADER_KEYS)] = rng.chance(0.5) ? rng.pick(COMMON) : headerValue(rng)
  return table
}

/** Arguments of a headers binding: an x-match mode (or none, or rarely a bad one) and 0-3 tests. */
export function headersBindingArgs(rng: Rng): { [key: string]: JsonValue } {
  const args = headerTable(rng)
  // CC stays visible to headers matching, BCC is stripped before routing.
  if (rng.chance(0.05)) args[rng.pick(['CC', 'BCC'])] = rng.chance(0.5) ? null : ['a']
  const mode = rng.pick([undefined, 'all', 'any', 'all', 'any', 'all-with-x', 'any-with-x'])
  if (mode !== undefined) args['x-match'] = mode
  if (rng.chance(0.03)) args['x-match'] = rng.pick(['some', 1])
  return args
}
