/**
 * The study note's dynamic-programming matcher over RabbitMQ words. dp[i][j] says whether the first i
 * pattern words match the first j key words: a literal or `*` extends dp[i-1][j-1]; `#` takes zero
 * words (dp[i-1][j]) or one more (dp[i][j-1]), so j must grow left to right. O(P×K) time.
 */
import { splitWords } from './topic-words'

/** Which transition decided a cell (the lessons stepper names them). */
export type DpRule =
  | 'init'
  | 'empty-pattern'
  | 'literal-match'
  | 'literal-mismatch'
  | 'star'
  | 'hash-zero'
  | 'hash-more'
  | 'hash-zero-or-more'

/** One cell computed, in the order the matcher computes them. */
export interface DpStep {
  i: number
  j: number
  value: boolean
  rule: DpRule
  /** Cells this value was read from ([] when the rule needs none, e.g. a mismatching literal). */
  from: [number, number][]
}

/** The rolling two-row view after pattern row i is finished (row 0 = the initial row). */
export interface DpRollingRow {
  i: number
  /** The pattern word of this row (null for row 0). */
  word: string | null
  prev: boolean[] | null
  cur: boolean[]
}

export interface DpTrace {
  patternWords: string[]
  keyWords: string[]
  /** (P+1) × (K+1) table. */
  table: boolean[][]
  steps: DpStep[]
  rolling: DpRollingRow[]
  matched: boolean
}

/** Fast check with two rolling rows, O(K) extra space. */
export function topicMatchDp(pattern: string, routingKey: string): boolean {
  return matchWords(splitWords(pattern), splitWords(routingKey))
}

/** Same as topicMatchDp on pre-split words. */
export function matchWords(p: readonly string[], k: readonly string[]): boolean {
  let prev = new Array<boolean>(k.length + 1).fill(false)
  prev[0] = true
  for (const token of p) {
    const cur = new Array<boolean>(k.length + 1).fill(false)
    if (token === '#') {
      cur[0] = prev[0] as boolean
      for (let j = 1; j <= k.length; j++) cur[j] = (prev[j] as boolean) || (cur[j - 1] as boolean)
    } else {
      for (let j = 1; j <= k.length; j++)
        cur[j] = (prev[j - 1] as boolean) && (token === '*' || token === k[j - 1])
    }
    prev = cur
  }
  return prev[k.length] as boolean
}

function cell(p: readonly string[], k: readonly string[], t: boolean[][], i: number, j: number): DpStep {
  if (i === 0)
    return j === 0
      ? { i, j, value: true, rule: 'init', from: [] }
      : { i, j, value: false, rule: 'empty-pattern', from: [] }
  const token = p[i - 1] as string
  const row = t[i] as boolean[]
  const up = t[i - 1] as boolean[]
  if (token === '#') {
    if (j === 0) return { i, j, value: up[0] as boolean, rule: 'hash-zero', from: [[i - 1, 0]] }
    if (up[j]) return { i, j, value: true, rule: 'hash-zero', from: [[i - 1, j]] }
    if (row[j - 1]) return { i, j, value: true, rule: 'hash-more', from: [[i, j - 1]] }
    return {
      i,
      j,
      value: false,
      rule: 'hash-zero-or-more',
      from: [
        [i - 1, j],
        [i, j - 1],
      ],
    }
  }
  if (token === '*') {
    if (j === 0) return { i, j, value: false, rule: 'star', from: [] }
    return { i, j, value: up[j - 1] as boolean, rule: 'star', from: [[i - 1, j - 1]] }
  }
  if (j > 0 && token === k[j - 1])
    return { i, j, value: up[j - 1] as boolean, rule: 'literal-match', from: [[i - 1, j - 1]] }
  return { i, j, value: false, rule: 'literal-mismatch', from: [] }
}

/** Fill only the table (no step list): what the explanation of every topic binding carries. */
export function topicDpTable(p: readonly string[], k: readonly string[]): boolean[][] {
  const table: boolean[][] = []
  for (let i = 0; i <= p.length; i++) {
    table.push(new Array<boolean>(k.length + 1).fill(false))
    for (let j = 0; j <= k.length; j++) (table[i] as boolean[])[j] = cell(p, k, table, i, j).value
  }
  return table
}

/** Run the DP on a pattern and key and record every cell, row by row, for the stepper. */
export function topicDpTrace(pattern: string, routingKey: string): DpTrace {
  const p = splitWords(pattern)
  const k = splitWords(routingKey)
  const table: boolean[][] = []
  const steps: DpStep[] = []
  const rolling: DpRollingRow[] = []
  for (let i = 0; i <= p.length; i++) {
    table.push(new Array<boolean>(k.length + 1).fill(false))
    for (let j = 0; j <= k.length; j++) {
      const step = cell(p, k, table, i, j)
      ;(table[i] as boolean[])[j] = step.value
      steps.push(step)
    }
    rolling.push({
      i,
      word: i === 0 ? null : (p[i - 1] as string),
      prev: i === 0 ? null : [...(table[i - 1] as boolean[])],
      cur: [...(table[i] as boolean[])],
    })
  }
  return {
    patternWords: p,
    keyWords: k,
    table,
    steps,
    rolling,
    matched: (table[p.length] as boolean[])[k.length] as boolean,
  }
}
