/**
 * The pattern tree as a Thompson NFA, run Pike-VM style: every thread advances in lock step, one
 * byte at a time, and a state is visited at most once per position. Time is O(name bytes × program
 * size) whatever the pattern — `(a|a)*b` cannot backtrack because nothing does.
 */
import { type ByteSet, has, isWord } from './latin1'
import type { AssertKind, Node } from './parse'
import { PatternError } from './parse'

const CHAR = 0
const SPLIT = 1
const JMP = 2
const ASSERT = 3
const MATCH = 4

export interface Program {
  op: number[]
  /** CHAR: index into sets; SPLIT/JMP: first target; ASSERT: index into kinds. */
  a: number[]
  /** SPLIT: second target. */
  b: number[]
  sets: ByteSet[]
  kinds: AssertKind[]
}

/** Instructions a program may have: counted repeats are unrolled, so `(x{100}){100}` would be 10,000. */
const MAX_PROGRAM = 4096

function size(n: Node): number {
  switch (n.t) {
    case 'set':
    case 'assert':
      return 1
    case 'cat':
      return n.items.reduce((s, x) => s + size(x), 0)
    case 'alt':
      return n.items.reduce((s, x) => s + size(x), 0) + 2 * (n.items.length - 1)
    case 'rep': {
      const s = size(n.node)
      return n.min * s + (n.max === Infinity ? s + 2 : (n.max - n.min) * (s + 1))
    }
  }
}

export function compile(node: Node): Program {
  if (size(node) + 1 > MAX_PROGRAM)
    throw new PatternError(
      `a pattern this large (more than ${MAX_PROGRAM} steps once repeats are unrolled)`,
      0,
      true,
    )
  const p: Program = { op: [], a: [], b: [], sets: [], kinds: [] }
  const emit = (op: number, a = 0, b = 0) => {
    p.op.push(op)
    p.a.push(a)
    p.b.push(b)
    return p.op.length - 1
  }
  const walk = (n: Node): void => {
    switch (n.t) {
      case 'set':
        p.sets.push(n.set)
        emit(CHAR, p.sets.length - 1)
        return
      case 'assert':
        p.kinds.push(n.kind)
        emit(ASSERT, p.kinds.length - 1)
        return
      case 'cat':
        for (const x of n.items) walk(x)
        return
      case 'alt': {
        const jumps: number[] = []
        const last = n.items.length - 1
        for (let i = 0; i < last; i++) {
          const split = emit(SPLIT, p.op.length + 1)
          walk(n.items[i])
          jumps.push(emit(JMP))
          p.b[split] = p.op.length
        }
        walk(n.items[last])
        for (const j of jumps) p.a[j] = p.op.length
        return
      }
      case 'rep': {
        for (let i = 0; i < n.min; i++) walk(n.node)
        if (n.max === Infinity) {
          const split = emit(SPLIT, p.op.length + 1)
          walk(n.node)
          emit(JMP, split)
          p.b[split] = p.op.length
        } else
          for (let i = n.min; i < n.max; i++) {
            const split = emit(SPLIT, p.op.length + 1)
            walk(n.node)
            p.b[split] = p.op.length
          }
      }
    }
  }
  walk(node)
  emit(MATCH)
  return p
}

function holds(kind: AssertKind, s: Uint8Array, i: number): boolean {
  const n = s.length
  switch (kind) {
    case 'start':
      return i === 0
    case 'line-start':
      // PCRE: not after a newline that ends the subject.
      return i === 0 || (s[i - 1] === 10 && i < n)
    case 'end':
      return i === n
    case 'end-nl':
      return i === n || (i === n - 1 && s[i] === 10)
    case 'line-end':
      return i === n || s[i] === 10
    case 'word-b':
    case 'not-word-b': {
      const boundary = (i > 0 && isWord(s[i - 1])) !== (i < n && isWord(s[i]))
      return kind === 'word-b' ? boundary : !boundary
    }
  }
}

/** Does the program match anywhere in `s` (re:run without anchoring)? */
export function search(p: Program, s: Uint8Array): boolean {
  const seen = new Int32Array(p.op.length).fill(-1)
  let current: number[] = []
  let next: number[] = []
  const stack: number[] = []
  // Follows the empty moves from `pc` at position `i`, collecting CHAR states; true on MATCH.
  const close = (list: number[], pc: number, i: number): boolean => {
    stack.push(pc)
    while (stack.length > 0) {
      const at = stack.pop() as number
      if (seen[at] === i) continue
      seen[at] = i
      switch (p.op[at]) {
        case CHAR:
          list.push(at)
          break
        case SPLIT:
          stack.push(p.b[at], p.a[at])
          break
        case JMP:
          stack.push(p.a[at])
          break
        case ASSERT:
          if (holds(p.kinds[p.a[at]], s, i)) stack.push(at + 1)
          break
        case MATCH:
          stack.length = 0
          return true
      }
    }
    return false
  }
  for (let i = 0; i <= s.length; i++) {
    if (close(current, 0, i)) return true
    if (i === s.length) break
    next = []
    for (const pc of current) if (has(p.sets[p.a[pc]], s[i]) && close(next, pc + 1, i + 1)) return true
    ;[current, next] = [next, current]
  }
  return false
}
