/** Strings of the choice and ordering questions' attempt flow, in English and Simplified Chinese. */
import { defineMessages } from '../../i18n/messages'

export const questionMessages = defineMessages({
  en: {
    hintTitle: 'Not quite. A hint:',
    secondWrong: 'Not right either — here is the answer.',
    shownNote: 'The answer was shown, so this question does not count as answered right.',
    rightFirst: 'Right, on the first try.',
    rightLater: 'Right.',
    rightNotCounted:
      'The answer to this question was shown earlier in this browser (here or in the instructor view), so it is recorded as “answer shown”, not as answered right.',
    showAnswer: 'Show the answer',
    tryAgainNew: 'Try again (new order)',
    triedMark: 'tried',
  },
  'zh-CN': {
    hintTitle: '还不对。提示：',
    secondWrong: '这次也不对——答案如下。',
    shownNote: '已经看过答案，本题不再算作答对。',
    rightFirst: '答对了，一次就对。',
    rightLater: '答对了。',
    rightNotCounted:
      '这道题的答案之前已在本浏览器中显示过（在这里或讲师视图中），因此记为“已看答案”，不算答对。',
    showAnswer: '查看答案',
    tryAgainNew: '再做一次（换个顺序）',
    triedMark: '已试过',
  },
})
