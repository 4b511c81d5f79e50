/** Reference solutions (TypeScript source, run through the same sandbox as learners' code). */
const DP = `function words(s: string): string[] {
  return s === '' ? [] : s.split('.')
}
function dpTable(pattern: string, key: string): boolean[][] {
  const p = words(pattern)
  const k = words(key)
  const dp: boolean[][] = []
  for (let i = 0; i <= p.length; i++) dp.push(new Array<boolean>(k.length + 1).fill(false))
  dp[0][0] = true
  for (let i = 1; i <= p.length; i++) {
    const w = p[i - 1]
    for (let j = 0; j <= k.length; j++) {
      if (w === '#') dp[i][j] = dp[i - 1][j] || (j > 0 && dp[i][j - 1])
      else dp[i][j] = j > 0 && dp[i - 1][j - 1] && (w === '*' || w === k[j - 1])
    }
  }
  return dp
}
`

export const SOLUTIONS: Record<string, string> = {
  'code-matcher': `${DP}
function matches(pattern: string, key: string): boolean {
  const t = dpTable(pattern, key)
  return t[t.length - 1][t[0].length - 1]
}
`,
  'code-counterexample': `type Case = [pattern: string, key: string, expected: boolean]

function cases(): Case[] {
  return [
    ['a.*.c', 'a.b.x.c', false],
    ['a.*.c', 'a.b.c', true],
    ['a.#.c', 'a.b.x.c', true],
  ]
}
`,
  'code-dedup': `${DP}
type Binding = { queue: string; pattern: string }

function routeQueues(bindings: Binding[], key: string): string[] {
  const out = new Set<string>()
  for (const b of bindings) {
    const t = dpTable(b.pattern, key)
    if (t[t.length - 1][t[0].length - 1]) out.add(b.queue)
  }
  return [...out]
}
`,
  'code-dp-table': DP,
}
