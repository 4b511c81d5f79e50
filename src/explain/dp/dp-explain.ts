/**
 * Names the transition the engine recorded for a DP cell: the message to show and the pseudocode
 * lines it corresponds to. Reads DpStep.rule; it never recomputes a cell.
 */
import type { DpStep, DpTrace } from '../../engine'
import type { dpMessages } from './dp-messages'

type DpKey = keyof (typeof dpMessages)['en']

/**
 * The stepper's pseudocode, one entry per line: the code is language-neutral, the comment after it
 * (`note`, a dpMessages key) is shown in the UI language.
 */
export const PSEUDOCODE = [
  { code: 'dp[0][0] = true;  dp[0][j > 0] = false', note: 'pcInit' },
  { code: 'for i = 1 .. P:  w = pattern[i]', note: 'pcRows' },
  { code: '  for j = 0 .. K:', note: 'pcCols' },
  { code: '    if w == "#":   dp[i][j] = dp[i-1][j]', note: 'pcHashZero' },
  { code: '                      or dp[i][j-1]', note: 'pcHashMore' },
  { code: '    elif w == "*": dp[i][j] = dp[i-1][j-1]', note: 'pcStar' },
  { code: '    else: dp[i][j] = (w == key[j]) and dp[i-1][j-1]', note: 'pcLiteral' },
  { code: 'match = dp[P][K]', note: 'pcAnswer' },
] as const satisfies readonly { code: string; note: DpKey }[]

/** 0-based pseudocode lines lit for a step; `null` step = the run is finished. */
export function pseudocodeLines(step: DpStep | null): number[] {
  if (!step) return [7]
  switch (step.rule) {
    case 'init':
    case 'empty-pattern':
      return [0]
    case 'hash-zero':
      return [3]
    case 'hash-more':
      return [4]
    case 'hash-zero-or-more':
      return [3, 4]
    case 'star':
      return [5]
    case 'literal-match':
    case 'literal-mismatch':
      return [6]
  }
}

export function explainStep(
  step: DpStep,
  trace: DpTrace,
  yesNo: (v: boolean) => string,
): { key: DpKey; params: Record<string, string | number> } {
  const { i, j } = step
  const word = trace.patternWords[i - 1] ?? ''
  const kw = trace.keyWords[j - 1] ?? ''
  const params = { i, j, pi: i - 1, pj: j - 1, word, kw, value: yesNo(step.value) }
  switch (step.rule) {
    case 'init':
      return { key: 'init', params }
    case 'empty-pattern':
      return { key: 'emptyPattern', params }
    case 'literal-match':
      return { key: 'literalMatch', params }
    case 'literal-mismatch':
      return { key: j === 0 ? 'literalNoWord' : 'literalMismatch', params }
    case 'star':
      return { key: j === 0 ? 'starNoWord' : 'star', params }
    case 'hash-zero':
      return { key: 'hashZero', params }
    case 'hash-more':
      return { key: 'hashMore', params }
    case 'hash-zero-or-more':
      return { key: 'hashNone', params }
  }
}
