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
    checkHeading: 'Check it against every message',
    checkOwn:
      'You can check your own design the same way: write requirements as lines of the playground script (each one stands for every key of that shape), and use “Compare with…” to see what changes between two versions.',
    checkReveal: 'I have written my answer: show the check',
    checkRevealNote: 'The check shows the engine’s answer for the sample, so write yours first.',
    checkShown:
      'Each link opens the playground. Compare what the Requirements panel and the diff say with what you wrote down; where they disagree, publish the counter-example and read why.',
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
    checkHeading: '用全部消息来核对',
    checkOwn:
      '你自己的设计也可以这样核对：把要求写成练习场脚本里的一行（每条要求代表符合该形状的所有路由键），再用“比较…”查看两个版本之间有哪些变化。',
    checkReveal: '我已写好答案，显示核对',
    checkRevealNote: '核对会给出引擎对示例的答案，请先写下你自己的。',
    checkShown:
      '每个链接都会打开练习场。把“要求”面板和差异列表的结论与你写下的答案对照；不一致的地方，发布其中的反例，看看原因。',
  },
})
