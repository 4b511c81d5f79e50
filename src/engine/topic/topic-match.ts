/** One topic pattern against one routing key, following a profile's rules. */
import { getProfile } from '../broker/profiles'
import type { ProfileName } from '../broker/types'
import { matchWords } from './topic-dp'
import { assertNoEmptyWord, splitWords } from './topic-words'

/**
 * Does binding key `pattern` match `routingKey`? In the `teaching` profile a pattern or key with an
 * empty word throws EmptyWordError, as the study note's Java model does.
 */
export function topicMatch(pattern: string, routingKey: string, profile?: ProfileName): boolean {
  if (getProfile(profile).rejectEmptyTopicWords) {
    assertNoEmptyWord(pattern, 'pattern')
    assertNoEmptyWord(routingKey, 'routing key')
  }
  return matchWords(splitWords(pattern), splitWords(routingKey))
}
