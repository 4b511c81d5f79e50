/** A topic binding's explanation for one routing key: the DP table and where matching stopped. */
import { topicDpTable } from './topic-dp'
import { splitWords } from './topic-words'
import type { TopicExplanation } from './types'

/**
 * Build the TopicExplanation of `pattern` against `routingKey`. `failedAt` points at the deepest
 * partial match: the pattern word that could go no further and the key word it faced (null = none left).
 */
export function explainTopic(pattern: string, routingKey: string): TopicExplanation {
  const patternWords = splitWords(pattern)
  const keyWords = splitWords(routingKey)
  const table = topicDpTable(patternWords, keyWords)
  const matched = (table[patternWords.length] as boolean[])[keyWords.length] as boolean
  const out: TopicExplanation = { routingKey, patternWords, keyWords, matched, table }
  if (!matched) {
    let bi = 0
    let bj = 0
    for (let i = 0; i < table.length; i++) {
      const row = table[i] as boolean[]
      for (let j = 0; j < row.length; j++) {
        if (row[j] && (i > bi || (i === bi && j > bj))) {
          bi = i
          bj = j
        }
      }
    }
    out.failedAt = {
      patternIndex: bi < patternWords.length ? bi : null,
      keyIndex: bj < keyWords.length ? bj : null,
    }
  }
  return out
}
