/**
 * The calls of one run of a code exercise: the visible cases (listed with their expected values), the
 * exercise's fixed rule cases (corner cases, never listed before a run), and cases generated fresh
 * for this run from a new seed. A lookup table built from earlier failure panels cannot pass, because
 * the generated inputs of the next run have never been shown. Expected values come from the engine.
 */
import type { BindingInput, CodeExercise } from '../content/types'
import { createRng, type Rng } from '../generator/rng'

export type CallKind = 'visible' | 'rule' | 'generated'
export interface PlannedCall {
  args: unknown[]
  kind: CallKind
}

const WORDS = ['a', 'b', 'c', 'order', 'eu'] as const
const QUEUES = ['Q1', 'Q2', 'Q3'] as const
/** Plain words of the counter-example exercise's patterns (more of them: more patterns to meet). */
const PLAIN = ['a', 'b', 'c', 'order', 'eu', 'stock', 'created', 'paid'] as const

/** A pattern of 1–4 words with exactly one * and plain words elsewhere (the `cases` exercise's input). */
function starPattern(rng: Rng): string {
  const n = rng.int(1, 4)
  const star = rng.int(0, n - 1)
  return Array.from({ length: n }, (_, i) => (i === star ? '*' : rng.pick(PLAIN))).join('.')
}

/** A topic pattern of 0–4 words with *, # (at most two: RabbitMQ 4 refuses more) and, rarely, empty words. */
function randomPattern(rng: Rng, emptyWords: number): string {
  let hashes = 0
  const n = rng.int(0, 4)
  const words: string[] = []
  for (let i = 0; i < n; i++) {
    const r = rng.next()
    if (r < 0.25) words.push('*')
    else if (r < 0.45 && hashes < 2) {
      hashes++
      words.push('#')
    } else if (rng.chance(emptyWords)) words.push('')
    else words.push(rng.pick(WORDS))
  }
  return words.join('.')
}

/** Half the keys are built to match the pattern (so true and false both occur), half are random. */
function randomKey(rng: Rng, pattern: string, emptyWords: number): string {
  if (rng.chance(0.5)) {
    const out: string[] = []
    for (const w of pattern === '' ? [] : pattern.split('.')) {
      if (w === '*') out.push(rng.pick(WORDS))
      else if (w === '#') for (let i = rng.int(0, 2); i > 0; i--) out.push(rng.pick(WORDS))
      else out.push(w)
    }
    return out.join('.')
  }
  const n = rng.int(0, 4)
  return Array.from({ length: n }, () => (rng.chance(emptyWords) ? '' : rng.pick(WORDS))).join('.')
}

function generatedArgs(rng: Rng, ex: CodeExercise): unknown[] {
  // The strict variant throws on empty words: a few cases test that; RabbitMQ's rules treat them as words.
  const empty = ex.rules === 'strict' ? 0.06 : 0.1
  if (ex.kind === 'cases') return [starPattern(rng)]
  if (ex.kind === 'dedup') {
    const bindings: BindingInput[] = Array.from({ length: rng.int(1, 5) }, () => ({
      queue: rng.pick(QUEUES),
      pattern: randomPattern(rng, 0),
    }))
    return [bindings, randomKey(rng, rng.pick(bindings).pattern, 0)]
  }
  const pattern = randomPattern(rng, empty)
  return [pattern, randomKey(rng, pattern, empty)]
}

/** Every call of one run, in run order: visible, then rule cases, then `ex.generated` fresh cases. */
export function planRun(ex: CodeExercise, seed: number): PlannedCall[] {
  const rng = createRng(seed)
  const seen = new Set([...ex.visible, ...ex.hidden].map((a) => JSON.stringify(a)))
  const generated: PlannedCall[] = []
  for (let tries = 0; generated.length < ex.generated && tries < ex.generated * 20; tries++) {
    const args = generatedArgs(rng, ex)
    const key = JSON.stringify(args)
    if (seen.has(key)) continue
    seen.add(key)
    generated.push({ args, kind: 'generated' })
  }
  return [
    ...ex.visible.map((args) => ({ args, kind: 'visible' as const })),
    ...ex.hidden.map((args) => ({ args, kind: 'rule' as const })),
    ...generated,
  ]
}
