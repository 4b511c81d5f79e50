/**
 * RabbitMQ's word rules for topic keys (rabbit_db_topic_exchange:split/1): `""` is zero words, every
 * `.` separates two words and empty words are kept; `*` and `#` are wildcards only as whole words.
 */

/** Split a binding key or routing key into words. `""` → `[]`, `"a..b"` → `["a", "", "b"]`. */
export function splitWords(key: string): string[] {
  return key === '' ? [] : key.split('.')
}

/** Number of whole-word `#` in a binding key (`x#y` and `##` are literal words, not counted). */
export function countHashes(words: readonly string[]): number {
  let n = 0
  for (const w of words) if (w === '#') n++
  return n
}

/** Index of the first empty word, or -1. The teaching profile refuses keys that have one. */
export function firstEmptyWord(words: readonly string[]): number {
  return words.indexOf('')
}

/** The teaching profile's check (the study note's Java model rejects empty words). */
export class EmptyWordError extends Error {
  constructor(
    readonly key: string,
    readonly wordIndex: number,
    readonly role: 'pattern' | 'routing key',
  ) {
    super(
      `teaching profile: ${role} '${key}' has an empty word at position ${wordIndex + 1} ` +
        '(two dots in a row, or a leading/trailing dot)',
    )
    this.name = 'EmptyWordError'
  }
}

/** Throw EmptyWordError when `key` has an empty word. */
export function assertNoEmptyWord(key: string, role: 'pattern' | 'routing key'): void {
  const at = firstEmptyWord(splitWords(key))
  if (at >= 0) throw new EmptyWordError(key, at, role)
}
