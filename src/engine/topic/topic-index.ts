import { DestTable } from '../routing/routing-index-dests'
import { LastWordFilter } from './topic-index-last-word'
import { hasWildcard, LiteralKeys } from './topic-index-literal'
import { PrefixMemo } from './topic-index-prefix-memo'
import * as layout from './topic-index-trie'
import { literalChild, ROOT, TopicTrie, wordBit } from './topic-index-trie'
import * as wordRules from './topic-index-words'
import { HASH_WORD, STAR_WORD, splitTopicWords } from './topic-index-words'

// Node record layout (mirrors topic-index-trie.ts; local constants so the hot loop inlines them).
const S = 8
const F_FIRST_WORD = 0
const F_LABEL = 1
const F_STAR = 2
const F_HASH = 3
const F_FIRST = 4
const F_LITERALS = 5
const F_STAMP = 6
const F_DATA = 7
// Words are packed as WordTable packs them (computed inline while scanning for dots).
const DOT = 46
const PACKED_MAX = 12
if (
  DOT !== wordRules.DOT ||
  PACKED_MAX !== wordRules.PACKED_MAX ||
  S !== layout.NODE_STRIDE ||
  F_FIRST_WORD !== layout.F_FIRST_WORD ||
  F_FIRST !== layout.F_FIRST ||
  F_LITERALS !== layout.F_LITERALS ||
  F_LABEL !== layout.F_LABEL ||
  F_STAR !== layout.F_STAR ||
  F_HASH !== layout.F_HASH ||
  F_STAMP !== layout.F_STAMP ||
  F_DATA !== layout.F_DATA
) {
  throw new Error('topic-index: constants out of sync with topic-index-trie / topic-index-words')
}

/** A set of topic bindings `(binding key, destination)` that routes keys to destinations. */
export interface TopicIndex<D = string> {
  /** Adds binding `(pattern, dest)`; adding the same pair again changes nothing. */
  add(pattern: string, dest: D): void
  /** Removes binding `(pattern, dest)`; removing a pair that is not there changes nothing. */
  remove(pattern: string, dest: D): void
  /** The distinct destinations of every binding whose key matches `routingKey` (any order). */
  match(routingKey: string): D[]
  /**
   * The distinct destinations of every binding whose key matches any of `routingKeys` (a message's
   * routing key with its CC / BCC keys), each destination once (any order).
   */
  matchKeys(routingKeys: readonly string[]): D[]
  /** Number of distinct `(pattern, dest)` bindings. */
  readonly size: number
}

/**
 * Creates a topic index following RabbitMQ's rules (`""` = zero words, empty words are literal,
 * `*` = one word, `#` = zero or more words, wildcards only as whole words, exact comparison).
 *
 * Binding keys without a wildcard word sit in one map from the whole key to its destinations: a
 * routing key finds every literal binding with a single lookup. Only the bindings with `*` or `#`
 * go into the trie, whose walk advances the set of live trie states word by word, like RabbitMQ's
 * trie walk with its visited-state memo: each (node, position) pair is entered at most once, so the
 * cost is bounded by nodes × words whatever the number of `#`. Each word of the key is packed and
 * interned once (read in place, no split) and only while some state is alive; a state probes its
 * `*` / `#` children only when its record says it has them. Nothing is allocated per key but the
 * result: states live in two reused buffers and destinations are de-duplicated with epoch stamps.
 * Call the methods on the index (they use `this`).
 */
export function createTopicIndex<D = string>(): TopicIndex<D> {
  return new TrieTopicIndex<D>()
}

/** A class, not closures: every index shares the same warmed-up (JIT-compiled) methods. */
class TrieTopicIndex<D> implements TopicIndex<D> {
  private readonly trie = new TopicTrie()
  /**
   * Tails: for a `#` node H, the literal words that follow it in bindings (`a.#.y.z` → `y.z`),
   * stored reversed under a root of their own, so they are matched from the end of the key.
   */
  private readonly tails = new TopicTrie(this.trie.words)
  /** The tails' last words, so a key whose last word ends no tail skips reading it. */
  private readonly tailEnds = new LastWordFilter()
  private readonly literals = new LiteralKeys()
  /** The walk's first two steps by word ids (invalidated whenever the trie changes). */
  private readonly memo = new PrefixMemo()
  /** While the walk's first two steps are recorded for the memo: the step (1 or 2), else 0. */
  private recStep = 0
  /** The first word of the prefix being recorded. */
  private recWord = -1
  /** Tail-matched `#` nodes entered while recording: (node, step) pairs. */
  private recTails = new Int32Array(32)
  private recCount = 0
  /** Offset of the word after the one `readWord` read last, or -1 when that was the last word. */
  private afterWord = 0
  /** Per trie node: bindings below it whose rest after it has a wildcard (`#` nodes only). */
  private wildBelow = new Int32Array(256)
  /** Per `#` node: its tails' root in `tails`, or -1. */
  private tailRoot = new Int32Array(256).fill(-1)
  /** Per `#` node: the key round in which its tails were last matched. */
  private tailDone = new Int32Array(256)
  private keyRound = 0
  /** The current key's words read from its end: start offset and word id (-1: unknown word). */
  private tailStart = new Int32Array(64)
  private tailWid = new Int32Array(64)
  private tailCount = 0
  private readonly dests = new DestTable<D>()
  private count = 0
  /** Bindings in the trie (with a wildcard); 0 means a match is a single map lookup. */
  private wildcards = 0
  // Live-state buffers reused by every match.
  private cur = new Int32Array(256)
  private next = new Int32Array(256)
  private epoch = 0

  get size(): number {
    return this.count
  }

  add(pattern: string, dest: D): void {
    const id = this.dests.acquire(dest)
    if (!hasWildcard(pattern)) {
      if (this.literals.add(pattern, id)) this.count++
      else this.dests.release(id)
      return
    }
    const node = this.trie.ensure(pattern)
    if (this.trie.addData(node, id)) {
      this.memo.invalidate(this.trie.liveNodes)
      this.count++
      this.wildcards++
      this.growNodeArrays()
      this.indexTails(pattern, id, 1)
    } else this.dests.release(id)
  }

  remove(pattern: string, dest: D): void {
    const id = this.dests.idOf(dest)
    if (id < 0) return
    if (!hasWildcard(pattern)) {
      if (this.literals.remove(pattern, id)) {
        this.count--
        this.dests.release(id)
      }
      return
    }
    const node = this.trie.find(pattern)
    if (node < 0 || !this.trie.hasData(node, id)) return
    this.memo.invalidate(this.trie.liveNodes)
    this.indexTails(pattern, id, -1)
    this.trie.removeData(node, id)
    this.count--
    this.wildcards--
    this.dests.release(id)
  }

  private growNodeArrays(): void {
    const limit = this.trie.nodes.length / S
    if (this.wildBelow.length >= limit) return
    const wider = (a: Int32Array, fill: number) => {
      const b = new Int32Array(limit).fill(fill)
      b.set(a)
      return b
    }
    this.wildBelow = wider(this.wildBelow, 0)
    this.tailRoot = wider(this.tailRoot, -1)
    this.tailDone = wider(this.tailDone, 0)
  }

  /**
   * Registers (`delta` 1) or unregisters (-1) binding `(pattern, dest)` at every `#` node on its
   * path: under the node's tails when only literal words follow that `#`, else in its `wildBelow`
   * count. A `#` node with `wildBelow` 0 is never a live state: entering it emits its own
   * destinations (`#` takes the rest of the key) and matches its tails against the key's end.
   */
  private indexTails(pattern: string, dest: number, delta: 1 | -1): void {
    if (pattern.indexOf('#') < 0) return
    const words = splitTopicWords(pattern)
    const trie = this.trie
    let node = ROOT
    for (let i = 0; i < words.length; i++) {
      const w = words[i]
      node = trie.child(node, w === '*' ? STAR_WORD : w === '#' ? HASH_WORD : trie.words.lookup(w))
      if (w !== '#' || i === words.length - 1) continue
      const rest = words.slice(i + 1)
      if (rest.includes('*') || rest.includes('#')) {
        this.wildBelow[node] += delta
        continue
      }
      this.tailEnds.update(rest[rest.length - 1], delta)
      const root = `\u0000${node}`
      const tail = `${root}.${rest.reverse().join('.')}`
      if (delta === 1) this.tails.addData(this.tails.ensure(tail), dest)
      else this.tails.removeData(this.tails.find(tail), dest)
      this.tailRoot[node] = this.tails.find(root)
    }
  }

  match(routingKey: string): D[] {
    const out: D[] = []
    this.collect(routingKey, this.dests.startRound(), out)
    return out
  }

  matchKeys(routingKeys: readonly string[]): D[] {
    const out: D[] = []
    const round = this.dests.startRound()
    for (let i = 0; i < routingKeys.length; i++) this.collect(routingKeys[i], round, out)
    return out
  }

  /** Appends to `out` the destinations of `routingKey` not yet emitted in dedup round `round`. */
  private collect(routingKey: string, round: number, out: D[]): void {
    this.tailCount = 0
    if (this.keyRound === 0x7fffffff) {
      this.tailDone.fill(0)
      this.keyRound = 0
    }
    this.keyRound++
    const lit = this.literals.byKey.get(routingKey)
    if (lit !== undefined) {
      if (typeof lit === 'number') this.dests.emit(lit, round, out)
      else for (let j = 0; j < lit.length; j++) this.dests.emit(lit[j], round, out)
    }
    if (this.wildcards > 0) this.walk(routingKey, round, out)
  }

  /** A fresh stamp; on wrap-around every node's stamp is cleared. */
  private nextEpoch(): number {
    if (this.epoch === 0x7fffffff) {
      const nodes = this.trie.nodes
      for (let at = F_STAMP; at < nodes.length; at += S) nodes[at] = 0
      this.epoch = 0
    }
    return ++this.epoch
  }

  /**
   * `#` node `h` was entered with the key's words from offset `pos` on still to read (-1: none):
   * its own destinations match (the `#` takes them all), and so does each tail that is the key's
   * last words, all read at or after `pos`. Done once per key: a later entry has fewer words left.
   */
  private matchTails(h: number, pos: number, key: string, round: number, out: D[]): void {
    if (this.recStep !== 0) this.recordTail(h)
    if (this.tailDone[h] === this.keyRound) return
    this.tailDone[h] = this.keyRound
    const trie = this.trie
    const own = trie.nodes[h * S + F_DATA]
    if (own < 0) this.dests.emit(-own - 1, round, out)
    else if (own > 0) {
      const list = trie.data[h] as number[]
      for (let j = 0; j < list.length; j++) this.dests.emit(list[j], round, out)
    }
    let node = this.tailRoot[h]
    if (pos < 0 || node < 0) return
    const tails = this.tails
    const tnodes = tails.nodes
    for (let j = 0; ; j++) {
      if (j === this.tailCount && !this.readTailWord(key)) return
      if (this.tailStart[j] < pos) return
      const wid = this.tailWid[j]
      if (wid < 0) return
      node = literalChild(tnodes, tails.edges, node, wid)
      if (node < 0) return
      const own = tnodes[node * S + F_DATA]
      if (own < 0) this.dests.emit(-own - 1, round, out)
      else if (own > 0) {
        const list = tails.data[node] as number[]
        const stamp = this.dests.stamp
        const values = this.dests.values
        for (let k = 0; k < list.length; k++) {
          const d = list[k]
          if (stamp[d] !== round) {
            stamp[d] = round
            out.push(values[d] as D)
          }
        }
      }
    }
  }

  /**
   * Reads and interns the word of `key` that starts at `pos`, packed four characters to an int
   * while looking for the dot (so the word table compares ints, not text; shifted through the three
   * ints, so no branch on the character's position); sets `afterWord`.
   */
  private readWord(key: string, pos: number): number {
    const len = key.length
    let p0 = 0
    let p1 = 0
    let p2 = 0
    let hi = 0
    let end = pos
    for (; end < len; end++) {
      const ch = key.charCodeAt(end)
      if (ch === DOT) break
      hi |= ch
      p2 = (p2 << 8) | (p1 >>> 24)
      p1 = (p1 << 8) | (p0 >>> 24)
      p0 = (p0 << 8) | ch
    }
    this.afterWord = end < len ? end + 1 : -1
    const words = this.trie.words
    return end - pos <= PACKED_MAX && hi <= 255
      ? words.lookupPacked(p0, p1, p2, end - pos)
      : words.lookupWide(key, pos, end)
  }

  /**
   * Enters the memo's entry at `hit` in place of the walk's first two steps: its states go to
   * `this.cur` (returns their number), and its `#` nodes are matched with the offsets after the
   * first word (`pos1`) or the second (`pos2`).
   */
  private fromMemo(hit: number, pos1: number, pos2: number, key: string, round: number, out: D[]): number {
    const data = this.memo.data
    const nodes = this.trie.nodes
    const cur = this.cur
    const e = this.nextEpoch()
    const n = data[hit]
    for (let i = 0; i < n; i++) {
      const c = data[hit + 1 + i]
      nodes[c * S + F_STAMP] = e
      cur[i] = c
    }
    const tails = hit + 1 + n
    for (let i = 0; i < data[tails]; i++) {
      const h = data[tails + 1 + 2 * i]
      this.matchTails(h, data[tails + 2 + 2 * i] === 1 ? pos1 : pos2, key, round, out)
    }
    return n
  }

  /** Notes a tail-matched `#` node entered in the step being recorded. */
  private recordTail(h: number): void {
    if (this.recCount * 2 + 2 > this.recTails.length) {
      const bigger = new Int32Array(this.recTails.length * 2)
      bigger.set(this.recTails)
      this.recTails = bigger
    }
    this.recTails[this.recCount * 2] = h
    this.recTails[this.recCount * 2 + 1] = this.recStep
    this.recCount++
  }

  /** Stores what the recorded steps led to after second word `w2`: `n` states in `states`. */
  private endRecording(w2: number, states: Int32Array, n: number): void {
    this.recStep = 0
    this.memo.store(this.recWord, w2, states, n, this.recTails, this.recCount)
  }

  /** Reads and interns the key's next word from its end; false when the key has no more words. */
  private readTailWord(key: string): boolean {
    const n = this.tailCount
    const end = n === 0 ? key.length : this.tailStart[n - 1] - 1
    if (end < 0) return false
    if (n === 0 && !this.tailEnds.mayEnd(key)) {
      // No tail ends in this word: record it as unknown (every tail walk stops at it).
      this.tailStart[0] = end
      this.tailWid[0] = -1
      this.tailCount = 1
      return true
    }
    let start = end
    while (start > 0 && key.charCodeAt(start - 1) !== DOT) start--
    if (n === this.tailStart.length) {
      const a = new Int32Array(n * 2)
      a.set(this.tailStart)
      this.tailStart = a
      const b = new Int32Array(n * 2)
      b.set(this.tailWid)
      this.tailWid = b
    }
    this.tailStart[n] = start
    this.tailWid[n] = this.trie.words.lookupRange(key, start, end)
    this.tailCount = n + 1
    return true
  }

  /** The trie walk over the wildcard bindings. */
  private walk(routingKey: string, round: number, out: D[]): void {
    const trie = this.trie
    if (this.cur.length < trie.nodeIdLimit) {
      this.cur = new Int32Array(trie.nodes.length / S)
      this.next = new Int32Array(trie.nodes.length / S)
    }
    let cur = this.cur
    let next = this.next
    const nodes = trie.nodes
    const edges = trie.edges
    let e = this.nextEpoch()
    let n = 0
    const wildBelow = this.wildBelow
    const len = routingKey.length
    let pos = len === 0 ? -1 : 0
    // Start: the root and its `#` chain (a `#` may match zero words). A `#` node with only literal
    // words after it is not a state: it is matched at once, against the end of the key.
    for (let c = ROOT; c >= 0 && nodes[c * S + F_STAMP] !== e; ) {
      nodes[c * S + F_STAMP] = e
      cur[n++] = c
      c = nodes[c * S + F_HASH]
      if (c >= 0 && wildBelow[c] === 0) {
        this.matchTails(c, pos, routingKey, round, out)
        break
      }
    }
    // Words are read in place (`readWord`: no substrings, no split array), and a key whose states
    // die early is not read any further. The first two steps come from the memo when it has them;
    // when it has not, they are walked and recorded for it.
    let step = 0
    let second = -2
    let afterSecond = -1
    while (pos >= 0 && n > 0) {
      let wid: number
      if (second !== -2) {
        wid = second
        pos = afterSecond
        second = -2
      } else {
        wid = this.readWord(routingKey, pos)
        pos = this.afterWord
      }
      if (++step === 1 && pos >= 0) {
        second = this.readWord(routingKey, pos)
        afterSecond = this.afterWord
        const hit = this.memo.find(wid, second)
        if (hit >= 0) {
          n = this.fromMemo(hit, pos, afterSecond, routingKey, round, out)
          pos = afterSecond
          second = -2
          step = 2
          continue
        }
        if (this.memo.open) {
          this.recWord = wid
          this.recCount = 0
          this.recStep = 1
        }
      } else if (step === 2 && this.recStep === 1) this.recStep = 2
      const bit = wordBit(wid)
      e = this.nextEpoch()
      let m = 0
      for (let i = 0; i < n; i++) {
        const s = cur[i]
        const at = s * S
        // Successors: the literal edge, the `*` edge, and `s` itself when it is a `#` node (a `#`
        // consumes the word and stays). Each enters with its `#` chain (the zero-word closure).
        let c = -1
        if (wid >= 0) {
          if (nodes[at + F_FIRST_WORD] === wid) c = nodes[at + F_FIRST]
          else if ((nodes[at + F_LITERALS] & bit) !== 0) c = edges.get(s, wid)
        }
        while (c >= 0 && nodes[c * S + F_STAMP] !== e) {
          nodes[c * S + F_STAMP] = e
          next[m++] = c
          c = nodes[c * S + F_HASH]
          if (c >= 0 && wildBelow[c] === 0) {
            this.matchTails(c, pos, routingKey, round, out)
            break
          }
        }
        c = nodes[at + F_STAR]
        while (c >= 0 && nodes[c * S + F_STAMP] !== e) {
          nodes[c * S + F_STAMP] = e
          next[m++] = c
          c = nodes[c * S + F_HASH]
          if (c >= 0 && wildBelow[c] === 0) {
            this.matchTails(c, pos, routingKey, round, out)
            break
          }
        }
        if (nodes[at + F_LABEL] === HASH_WORD && nodes[at + F_STAMP] !== e) {
          c = s
          while (c >= 0 && nodes[c * S + F_STAMP] !== e) {
            nodes[c * S + F_STAMP] = e
            next[m++] = c
            c = nodes[c * S + F_HASH]
            if (c >= 0 && wildBelow[c] === 0) {
              this.matchTails(c, pos, routingKey, round, out)
              break
            }
          }
        }
      }
      const t = cur
      cur = next
      next = t
      n = m
      if (this.recStep === 2) this.endRecording(wid, cur, n)
    }
    // Recording that ended in the first step: nothing is alive after the second word either.
    if (this.recStep !== 0) this.endRecording(second, cur, 0)
    this.cur = cur
    this.next = next
    if (n === 0) return
    // The destination table's arrays, read directly (at 1e5 bindings a key reaches 20-30 queues,
    // and a call per emit is not free).
    const stamp = this.dests.stamp
    const values = this.dests.values
    const data = trie.data
    for (let i = 0; i < n; i++) {
      const s = cur[i]
      const own = nodes[s * S + F_DATA]
      if (own === 0) continue
      if (own < 0) {
        const d = -own - 1
        if (stamp[d] !== round) {
          stamp[d] = round
          out.push(values[d] as D)
        }
        continue
      }
      const list = data[s] as number[]
      for (let j = 0; j < list.length; j++) {
        const d = list[j]
        if (stamp[d] !== round) {
          stamp[d] = round
          out.push(values[d] as D)
        }
      }
    }
  }
}
