// qlobber ships no types; only what the benchmark uses.
declare module 'qlobber' {
  interface QlobberOptions {
    separator?: string
    wildcard_one?: string
    wildcard_some?: string
    match_empty_levels?: boolean
    max_words?: number
  }
  class QlobberDedup<V = unknown> {
    constructor(options?: QlobberOptions)
    add(topic: string, value: V): this
    remove(topic: string, value?: V): this
    match(topic: string): Set<V>
  }
  const qlobber: { QlobberDedup: typeof QlobberDedup }
  export default qlobber
}
