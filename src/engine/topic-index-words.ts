/**
 * RabbitMQ's topic word rules, shared by the topic index and its trace.
 *
 * `""` is zero words; every `.` separates two words and empty words are kept (`"."` = two empty
 * words); `*` and `#` are wildcards only as whole words; words compare as exact strings.
 */

/** Splits a routing key or binding key into words (the engine's one word-splitting rule). */
export { splitWords as splitTopicWords } from './topic-words'

/** Edge label of a `*` edge in the trie (literal word ids are ≥ 0; -1 means "no such word"). */
export const STAR_WORD = -2
/** Edge label of a `#` edge in the trie. */
export const HASH_WORD = -3

/**
 * Interns literal words as small integer ids, with reference counts so words that no edge uses any
 * more are forgotten (an index under add/remove churn must not grow without bound).
 */
export class WordTable {
  private readonly ids = new Map<string, number>()
  private words: (string | undefined)[] = []
  private refs: number[] = []
  private free: number[] = []

  /** The id of `word`, or -1 when no edge uses it (then no literal edge can match it). */
  lookup(word: string): number {
    const id = this.ids.get(word)
    return id === undefined ? -1 : id
  }

  /** The edge label for a binding-key word: a wildcard constant, an interned literal id, or -1. */
  labelOf(word: string): number {
    if (word === '*') return STAR_WORD
    if (word === '#') return HASH_WORD
    return this.lookup(word)
  }

  /** Interns `word` (a literal) and counts one more edge using it. */
  acquire(word: string): number {
    let id = this.ids.get(word)
    if (id === undefined) {
      id = this.free.length > 0 ? (this.free.pop() as number) : this.words.length
      this.ids.set(word, id)
      this.words[id] = word
      this.refs[id] = 0
    }
    this.refs[id]++
    return id
  }

  /** Drops one edge's use of literal id `id`; forgets the word when nothing uses it. */
  release(id: number): void {
    if (--this.refs[id] > 0) return
    this.ids.delete(this.words[id] as string)
    this.words[id] = undefined
    this.free.push(id)
  }

  /** The text of a literal id (for traces). */
  text(id: number): string {
    if (id === STAR_WORD) return '*'
    if (id === HASH_WORD) return '#'
    return this.words[id] ?? ''
  }
}
