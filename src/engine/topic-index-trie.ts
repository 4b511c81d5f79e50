import { EdgeTable } from './topic-index-edges'
import { HASH_WORD, STAR_WORD, WordTable } from './topic-index-words'

/** Root node id of every trie. */
export const ROOT = 0

/**
 * The shared-prefix trie of topic binding keys, stored as parallel int arrays indexed by node id.
 *
 * Each node knows its parent and the label of the edge that leads to it (a literal word id, `*` or
 * `#`); `*` and `#` children are kept in their own arrays so matching reaches them without a hash
 * lookup. A node reached by a `#` edge may consume any word and stay where it is. Leaf data (the
 * destination ids bound at a node) is kept per node; nodes with neither data nor children are freed.
 */
export class TopicTrie {
  readonly words = new WordTable()
  readonly edges = new EdgeTable()
  parent: Int32Array
  label: Int32Array
  star: Int32Array
  hash: Int32Array
  /** Number of children (literal + `*` + `#`). */
  childCount: Int32Array
  /** Destination ids bound at each node (binding keys that end here). */
  data: (number[] | undefined)[] = []
  private freeNodes: number[] = []
  private nodeTop = 1
  /** Number of live nodes, root included. */
  liveNodes = 1

  constructor() {
    const cap = 64
    this.parent = new Int32Array(cap).fill(-1)
    this.label = new Int32Array(cap)
    this.star = new Int32Array(cap).fill(-1)
    this.hash = new Int32Array(cap).fill(-1)
    this.childCount = new Int32Array(cap)
  }

  /** Capacity of the node arrays (node ids are below it). */
  get capacity(): number {
    return this.parent.length
  }

  /** The child of `node` along edge `label`, or -1. */
  child(node: number, label: number): number {
    if (label === STAR_WORD) return this.star[node]
    if (label === HASH_WORD) return this.hash[node]
    return label === -1 ? -1 : this.edges.get(node, label)
  }

  /** The node a binding key's words lead to, or -1 when no binding uses that path. */
  find(words: string[]): number {
    let node = ROOT
    for (let i = 0; i < words.length && node >= 0; i++) {
      const label = this.words.labelOf(words[i])
      if (label === -1) return -1
      node = this.child(node, label)
    }
    return node
  }

  /** The node for `words`, created along with any missing ancestors. */
  ensure(words: string[]): number {
    let node = ROOT
    for (const word of words) {
      const label = this.words.labelOf(word)
      let next = label === -1 ? -1 : this.child(node, label)
      if (next < 0) {
        const edge = word === '*' ? STAR_WORD : word === '#' ? HASH_WORD : this.words.acquire(word)
        next = this.newNode(node, edge)
        if (edge === STAR_WORD) this.star[node] = next
        else if (edge === HASH_WORD) this.hash[node] = next
        else this.edges.set(node, edge, next)
        this.childCount[node]++
      }
      node = next
    }
    return node
  }

  /** Frees `node` and its ancestors while they hold no data and no children. */
  prune(node: number): void {
    while (node !== ROOT && this.childCount[node] === 0 && this.data[node] === undefined) {
      const parent = this.parent[node]
      const edge = this.label[node]
      if (edge === STAR_WORD) this.star[parent] = -1
      else if (edge === HASH_WORD) this.hash[parent] = -1
      else {
        this.edges.delete(parent, edge)
        this.words.release(edge)
      }
      this.childCount[parent]--
      this.parent[node] = -1
      this.freeNodes.push(node)
      this.liveNodes--
      node = parent
    }
  }

  private newNode(parent: number, edge: number): number {
    let id: number
    if (this.freeNodes.length > 0) id = this.freeNodes.pop() as number
    else {
      id = this.nodeTop++
      if (id >= this.parent.length) this.grow()
    }
    this.parent[id] = parent
    this.label[id] = edge
    this.star[id] = -1
    this.hash[id] = -1
    this.childCount[id] = 0
    this.data[id] = undefined
    this.liveNodes++
    return id
  }

  private grow(): void {
    const cap = this.parent.length * 2
    const widen = (a: Int32Array, fill: number) => {
      const b = new Int32Array(cap).fill(fill)
      b.set(a)
      return b
    }
    this.parent = widen(this.parent, -1)
    this.label = widen(this.label, 0)
    this.star = widen(this.star, -1)
    this.hash = widen(this.hash, -1)
    this.childCount = widen(this.childCount, 0)
  }
}
