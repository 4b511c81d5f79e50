/**
 * Code exercises. Test cases list inputs only: every expected value is computed by the routing engine
 * at run time (src/practice/code/expected.ts), never written down here.
 */
import type { L10n } from './types'

export type CodeKind = 'matcher' | 'cases' | 'dedup' | 'dp-table'
export type BindingInput = { queue: string; pattern: string }

export interface CodeExercise {
  id: string
  kind: CodeKind
  /** The function the learner's code must declare. */
  entry: string
  title: L10n
  /** Everything the tests check, stated before the learner starts. */
  prompt: L10n
  starter: string
  /** Arguments of each call (JSON). */
  visible: unknown[][]
  hidden: unknown[][]
}

const RULES: L10n = {
  en: 'Rules (RabbitMQ): split on "."; the empty string is zero words; empty words ("a..b") are ordinary words; * takes exactly one word; # takes zero or more words; comparison is exact (case-sensitive).',
  'zh-CN':
    '规则（与 RabbitMQ 一致）：按“.”切分；空字符串表示零个词；空词（如“a..b”中间）也是普通的词；* 恰好匹配一个词；# 匹配零个或多个词；比较区分大小写、逐字精确。',
}

const TOPIC_HIDDEN: unknown[][] = [
  ['#', ''],
  ['#.#', ''],
  ['*', ''],
  ['', ''],
  ['', 'a'],
  ['a.#.b', 'a.b'],
  ['#.a.#', 'a'],
  ['a..b', 'a..b'],
  ['a.*.b', 'a..b'],
  ['*.*', 'a'],
  ['a.#.#.b', 'a.x.y.b'],
  ['#.b', 'a.b.c'],
  ['Order.*', 'order.created'],
  ['*.#.*', 'a'],
  ['*.#.*', 'a.b'],
]

export const CODE_EXERCISES: CodeExercise[] = [
  {
    id: 'code-matcher',
    kind: 'matcher',
    entry: 'matches',
    title: { en: 'Implement the topic matcher', 'zh-CN': '实现 topic 匹配器' },
    prompt: {
      en: `Write matches(pattern, key): true when the binding pattern matches the routing key. ${RULES.en} Visible tests are listed below; hidden tests cover the corner cases (empty keys, several #, empty words).`,
      'zh-CN': `编写 matches(pattern, key)：绑定模式匹配路由键时返回 true。${RULES['zh-CN']} 下方列出可见测试；隐藏测试覆盖边界情况（空键、多个 #、空词）。`,
    },
    starter: `/** True when the topic pattern matches the routing key. */
function matches(pattern: string, key: string): boolean {
  const p = pattern === '' ? [] : pattern.split('.')
  const k = key === '' ? [] : key.split('.')
  // TODO: fill dp[i][j] = "the first i pattern words match the first j key words"
  return false
}
`,
    visible: [
      ['order.*', 'order.created'],
      ['order.*', 'order.eu.created'],
      ['order.#', 'order'],
      ['a.*.c', 'a.b.x.c'],
    ],
    hidden: TOPIC_HIDDEN,
  },
  {
    id: 'code-counterexample',
    kind: 'cases',
    entry: 'cases',
    title: { en: 'A counter-example for *', 'zh-CN': '为 * 写一个反例' },
    prompt: {
      en: 'Write cases(): an array of [pattern, key, expected] test cases for a topic matcher. It must contain the counter-example ["a.*.c", "a.b.x.c", false] (a * cannot take two words), a control case with the same pattern that is true, and every expected value must be what RabbitMQ really does.',
      'zh-CN':
        '编写 cases()：返回 topic 匹配器的测试用例数组，每项为 [pattern, key, expected]。必须包含反例 ["a.*.c", "a.b.x.c", false]（* 不能吞两个词），包含一个同一模式、结果为 true 的对照用例，并且每个 expected 都必须符合 RabbitMQ 的真实行为。',
    },
    starter: `type Case = [pattern: string, key: string, expected: boolean]

function cases(): Case[] {
  return [
    ['order.*', 'order.created', true],
  ]
}
`,
    visible: [[]],
    hidden: [],
  },
  {
    id: 'code-dedup',
    kind: 'dedup',
    entry: 'routeQueues',
    title: { en: 'The deduplicated queue set', 'zh-CN': '去重后的队列集合' },
    prompt: {
      en: `Write routeQueues(bindings, key): bindings is an array of {queue, pattern} on one topic exchange; return the queues that receive the message, each once (any order). Example: Q1:a.#, Q1:a.*, Q2:b.# with key a.x gives ["Q1"]. ${RULES.en}`,
      'zh-CN': `编写 routeQueues(bindings, key)：bindings 是同一 topic 交换机上的 {queue, pattern} 数组；返回收到消息的队列，每个只出现一次（顺序不限）。例：Q1:a.#、Q1:a.*、Q2:b.#，键 a.x，结果为 ["Q1"]。${RULES['zh-CN']}`,
    },
    starter: `type Binding = { queue: string; pattern: string }

function routeQueues(bindings: Binding[], key: string): string[] {
  const out: string[] = []
  // TODO: add each queue whose pattern matches, once
  return out
}
`,
    visible: [
      [
        [
          { queue: 'Q1', pattern: 'a.#' },
          { queue: 'Q1', pattern: 'a.*' },
          { queue: 'Q2', pattern: 'b.#' },
        ],
        'a.x',
      ],
      [
        [
          { queue: 'audit', pattern: 'order.#' },
          { queue: 'notify', pattern: 'order.created' },
        ],
        'order.created',
      ],
    ],
    hidden: [
      [
        [
          { queue: 'Q1', pattern: 'a.#' },
          { queue: 'Q2', pattern: 'b.#' },
        ],
        'c',
      ],
      [
        [
          { queue: 'Q1', pattern: '#' },
          { queue: 'Q1', pattern: '*' },
          { queue: 'Q2', pattern: '' },
        ],
        '',
      ],
      [
        [
          { queue: 'x', pattern: 'a.*' },
          { queue: 'y', pattern: 'a.#' },
          { queue: 'x', pattern: '#.b' },
        ],
        'a.b',
      ],
    ],
  },
  {
    id: 'code-dp-table',
    kind: 'dp-table',
    entry: 'dpTable',
    title: { en: 'A printable DP table', 'zh-CN': '可打印的 DP 推导表' },
    prompt: {
      en: `Write dpTable(pattern, key): the full (P+1)×(K+1) table where row i, column j says whether the first i pattern words match the first j key words (dp[0][0] is true). For #.b and a.b it has 3 rows and 3 columns and its bottom-right cell is true. ${RULES.en}`,
      'zh-CN': `编写 dpTable(pattern, key)：返回完整的 (P+1)×(K+1) 表，第 i 行第 j 列表示模式前 i 个词能否匹配键的前 j 个词（dp[0][0] 为 true）。对 #.b 与 a.b，它有 3 行 3 列，右下角为 true。${RULES['zh-CN']}`,
    },
    starter: `function dpTable(pattern: string, key: string): boolean[][] {
  const p = pattern === '' ? [] : pattern.split('.')
  const k = key === '' ? [] : key.split('.')
  const dp: boolean[][] = p.map(() => k.map(() => false))
  // TODO: the table needs one more row and column, starting from dp[0][0] = true
  return dp
}
`,
    visible: [
      ['#.b', 'a.b'],
      ['order.*', 'order.created'],
    ],
    hidden: [
      ['order.#', 'order'],
      ['a.*.c', 'a.b.x.c'],
      ['#.#', ''],
      ['', 'a'],
    ],
  },
]
