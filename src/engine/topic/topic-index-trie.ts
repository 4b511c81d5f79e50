import { EdgeTable } from './topic-index-edges'
import { HASH_WORD, STAR_WORD, WordTable } from './topic-index-words'

/** Above this many destinations on one node, membership checks use a Map instead of a scan. */
const SET_THRESHOLD = 16

/** Root node id of every trie. */
export const ROOT = 0

/** Ints per node record; fields below are offsets into a record. */
export const NODE_STRIDE = 8
/**
 * Word id of the inline literal child (`F_FIRST`), or -1: the walk compares it without touching the
 * child's record (at 1e5 bindings that record is usually a cache miss).
 */
export const F_FIRST_WORD = 0
/** Label of the edge into this node: a literal word id, STAR_WORD or HASH_WORD. */
export const F_LABEL = 1
/** The `*` child, or -1. */
export const F_STAR = 2
/** The `#` child, or -1. */
export const F_HASH = 3
/**
 * One literal child kept in the record itself (-1 = none); its word is F_FIRST_WORD. Most
 * nodes have a single literal child, so most lookups never probe the edge table, and most edges
 * never enter it (a smaller table that is rehashed less while building).
 */
export const F_FIRST = 4
/**
 * A 32-bit filter of the words of the literal children in the edge table (0 = none there): bit
 * `wordBit(word)` is set for each. A word whose bit is clear is no child, so about half the
 * lookups that would fail (counted on the bench's workloads) skip the table probe, a cache miss
 * at 1e5 bindings. Bits are cleared only when the node's last child in the table goes; a stale
 * bit costs one probe, never a wrong answer.
 */
export const F_LITERALS = 5
/** Scratch stamp used by matching to visit each (node, position) at most once. */
export const F_STAMP = 6
/**
 * The destinations bound at this node: 0 = none; `-(id + 1)` = exactly one, destination id `id`
 * (read from the record itself: no list to fetch, usually a cache miss or two at 1e5 bindings);
 * a count ≥ 2 = the list in `data`.
 */
export const F_DATA = 7

/** The F_DATA value for `list` (see F_DATA). */
function dataField(list: readonly number[]): number {
  return list.length === 1 ? -(list[0] + 1) : list.length
}

/** The bit of literal word id `word` in a node's F_LITERALS filter. */
export function wordBit(word: number): number {
  return 1 << (Math.imul(word, 0x9e3779b1) >>> 27)
}

/** The child of `node` along literal word `word` in record array `nodes`, or -1. */
export function literalChild(nodes: Int32Array, edges: EdgeTable, node: number, word: number): number {
  const at = node * NODE_STRIDE
  if (nodes[at + F_FIRST_WORD] === word) return nodes[at + F_FIRST]
  if ((nodes[at + F_LITERALS] & wordBit(word)) === 0) return -1
  return edges.get(node, word)
}

/**
 * The shared-prefix trie of topic binding keys.
 *
 * Nodes are fixed-size int records in one Int32Array, so matching touches one cache line per state
 * (labels, wildcard children, counts and the visit stamp side by side). A node's first literal child
 * sits in its record; further literal edges live in one flat hash table. A node reached by a `#`
 * edge may consume any word and stay where it is. Nodes left with neither data nor children are
 * freed and their ids reused.
 */
export class TopicTrie {
  /** Interned words; two tries may share one table (ids then mean the same word in both). */
  readonly words: WordTable
  readonly edges = new EdgeTable()
  nodes: Int32Array
  /** Destination ids bound at each node (binding keys that end here). */
  data: (number[] | undefined)[] = []
  /** Parent node id per node (-1 for the root and for freed nodes); not read while matching. */
  private parents: number[] = []
  /** Literal children per node in the edge table (not the inline one); not read while matching. */
  private tabled: number[] = []
  /** Destination → list index, for nodes with many destinations (a scan would make add O(n)). */
  private positions = new Map<number, Map<number, number>>()
  private freeNodes: number[] = []
  private nodeTop = 1
  /** Number of live nodes, root included. */
  liveNodes = 1

  constructor(words: WordTable = new WordTable()) {
    this.words = words
    this.nodes = new Int32Array(256 * NODE_STRIDE)
    this.initNode(ROOT, -1, 0)
  }

  /** Number of node ids in use or free (every id is below it). */
  get nodeIdLimit(): number {
    return this.nodeTop
  }

  /** Bytes held by typed arrays. */
  get bytes(): number {
    return this.nodes.byteLength + this.edges.bytes
  }

  /** Parent of `node` (-1 for the root and for freed nodes). */
  parentOf(node: number): number {
    return this.parents[node]
  }

  /** Field `field` of node `node`. */
  get(node: number, field: number): number {
    return this.nodes[node * NODE_STRIDE + field]
  }

  /** The child of `node` along edge `label`, or -1. */
  child(node: number, label: number): number {
    if (label === STAR_WORD) return this.get(node, F_STAR)
    if (label === HASH_WORD) return this.get(node, F_HASH)
    return label === -1 ? -1 : literalChild(this.nodes, this.edges, node, label)
  }

  /** The node binding key `pattern` leads to, or -1 when no binding uses that path. */
  find(pattern: string): number {
    let node = ROOT
    if (pattern.length === 0) return node // `""` is zero words
    for (let start = 0; ; ) {
      const label = this.words.labelAt(pattern, start)
      const end = this.words.lastEnd
      node = label === -1 ? -1 : this.child(node, label)
      if (node < 0 || end === pattern.length) return node
      start = end + 1
    }
  }

  /** The node for binding key `pattern`, created along with any missing ancestors. */
  ensure(pattern: string): number {
    let node = ROOT
    if (pattern.length === 0) return node // `""` is zero words
    const words = this.words
    for (let start = 0; ; ) {
      const label = words.labelAt(pattern, start)
      const end = words.lastEnd
      let next = this.child(node, label)
      if (next < 0) {
        // Every literal edge holds one reference to its word.
        const edge =
          label === STAR_WORD || label === HASH_WORD ? label : words.acquireRange(pattern, start, end, label)
        next = this.newNode(node, edge)
        const at = node * NODE_STRIDE
        if (edge === STAR_WORD) this.nodes[at + F_STAR] = next
        else if (edge === HASH_WORD) this.nodes[at + F_HASH] = next
        else if (this.nodes[at + F_FIRST] < 0) {
          this.nodes[at + F_FIRST] = next
          this.nodes[at + F_FIRST_WORD] = edge
        } else {
          this.edges.set(node, edge, next)
          this.nodes[at + F_LITERALS] |= wordBit(edge)
          this.tabled[node]++
        }
      }
      node = next
      if (end === pattern.length) return node
      start = end + 1
    }
  }

  /** Frees `node` and its ancestors while they hold no data and no children. */
  prune(node: number): void {
    const nodes = this.nodes
    while (
      node !== ROOT &&
      nodes[node * NODE_STRIDE + F_FIRST] < 0 &&
      this.tabled[node] === 0 &&
      nodes[node * NODE_STRIDE + F_STAR] < 0 &&
      nodes[node * NODE_STRIDE + F_HASH] < 0 &&
      nodes[node * NODE_STRIDE + F_DATA] === 0
    ) {
      const parent = this.parents[node]
      const edge = nodes[node * NODE_STRIDE + F_LABEL]
      const at = parent * NODE_STRIDE
      if (edge === STAR_WORD) nodes[at + F_STAR] = -1
      else if (edge === HASH_WORD) nodes[at + F_HASH] = -1
      else {
        if (nodes[at + F_FIRST] === node) {
          nodes[at + F_FIRST] = -1
          nodes[at + F_FIRST_WORD] = -1
        } else {
          this.edges.delete(parent, edge)
          if (--this.tabled[parent] === 0) nodes[at + F_LITERALS] = 0
        }
        this.words.release(edge)
      }
      this.parents[node] = -1
      this.data[node] = undefined
      this.freeNodes.push(node)
      this.liveNodes--
      node = parent
    }
  }

  /** Adds destination id `dest` at `node`; false if it was already there. */
  addData(node: number, dest: number): boolean {
    let list = this.data[node]
    if (list === undefined) {
      list = []
      this.data[node] = list
    }
    const pos = this.positions.size > 0 ? this.positions.get(node) : undefined
    if (pos ? pos.has(dest) : list.includes(dest)) return false
    list.push(dest)
    if (pos) pos.set(dest, list.length - 1)
    else if (list.length > SET_THRESHOLD) this.positions.set(node, new Map(list.map((d, i) => [d, i])))
    this.nodes[node * NODE_STRIDE + F_DATA] = dataField(list)
    return true
  }

  /** Whether destination id `dest` is bound at `node`. */
  hasData(node: number, dest: number): boolean {
    const list = this.data[node]
    if (list === undefined) return false
    const pos = this.positions.get(node)
    return pos ? pos.has(dest) : list.includes(dest)
  }

  /** Removes destination id `dest` at `node` (then prunes); false if it was not there. */
  removeData(node: number, dest: number): boolean {
    const list = this.data[node]
    if (list === undefined) return false
    const pos = this.positions.get(node)
    const at = pos ? (pos.get(dest) ?? -1) : list.indexOf(dest)
    if (at < 0) return false
    const last = list.pop() as number
    if (at < list.length) list[at] = last
    if (pos) {
      pos.delete(dest)
      if (at < list.length) pos.set(last, at)
      if (list.length <= SET_THRESHOLD / 2) this.positions.delete(node)
    }
    this.nodes[node * NODE_STRIDE + F_DATA] = dataField(list)
    if (list.length === 0) {
      this.data[node] = undefined
      this.prune(node)
    }
    return true
  }

  /** Ids of live nodes in increasing order (for traces; not used when matching). */
  liveNodeIds(): number[] {
    const ids = [ROOT]
    for (let n = 1; n < this.nodeTop; n++) if (this.parents[n] >= 0) ids.push(n)
    return ids
  }

  private newNode(parent: number, edge: number): number {
    let id: number
    if (this.freeNodes.length > 0) id = this.freeNodes.pop() as number
    else {
      id = this.nodeTop++
      if ((id + 1) * NODE_STRIDE > this.nodes.length) {
        const bigger = new Int32Array(this.nodes.length * 2)
        bigger.set(this.nodes)
        this.nodes = bigger
      }
    }
    this.initNode(id, parent, edge)
    this.liveNodes++
    return id
  }

  private initNode(id: number, parent: number, edge: number): void {
    const at = id * NODE_STRIDE
    const nodes = this.nodes
    this.parents[id] = parent
    this.tabled[id] = 0
    nodes[at + F_FIRST_WORD] = -1
    nodes[at + F_LABEL] = edge
    nodes[at + F_STAR] = -1
    nodes[at + F_HASH] = -1
    nodes[at + F_FIRST] = -1
    nodes[at + F_LITERALS] = 0
    nodes[at + F_STAMP] = 0
    nodes[at + F_DATA] = 0
    this.data[id] = undefined
  }
}
