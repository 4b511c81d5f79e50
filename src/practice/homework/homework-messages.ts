/** Strings of the homework self-check, in English and Simplified Chinese. */
import { defineMessages } from '../../i18n/messages'

export const homeworkMessages = defineMessages({
  en: {
    points: 'Knowledge points practised:',
    ratingLegend: 'How did it go?',
    rating_independent: 'Done on my own',
    'rating_looked-up': 'Done after looking things up',
    'rating_not-yet': 'Not done yet',
    ratingLegacy: 'Marked done in an earlier version: rate it to say how.',
    stuckLabel: 'Where I got stuck (what I had to look up, what is still unclear)',
    selfCheck:
      'Rate every task. For a task you looked things up for or have not done, note where you got stuck. Come back a day later, try it again with other inputs, and count a knowledge point as mastered only when you can explain the result and why things fail. Ratings and notes are saved in this browser and in the exported progress file.',
  },
  'zh-CN': {
    points: '练到的知识点：',
    ratingLegend: '完成得怎么样？',
    rating_independent: '独立完成',
    'rating_looked-up': '查阅后完成',
    'rating_not-yet': '尚未完成',
    ratingLegacy: '在旧版本中标记过“已完成”：请再选一次自评。',
    stuckLabel: '卡在哪里（查了什么资料、还有什么没弄懂）',
    selfCheck:
      '给每道作业自评。查过资料或还没做出来的，写下卡在哪里。隔一天换一组输入再做一遍，能讲清结果和出错原因了，再把这个知识点算作掌握。自评和笔记保存在本浏览器中，也会随进度文件一起导出。',
  },
})
