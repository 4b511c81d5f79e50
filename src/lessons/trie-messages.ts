import { defineMessages } from '../i18n/messages'

/** Texts of the trie walkthrough. */
export const trieMessages = defineMessages({
  en: {
    title: 'Trie walkthrough: live states, word by word',
    key: 'Routing key',
    trie: 'Trie of the bindings of “{exchange}” ({n} nodes)',
    root: 'root',
    live: 'live',
    boundHere: 'binding {pattern} → {dests}',
    originStart: 'start',
    originLiteral: 'word edge',
    originStar: '* edge',
    originHashStay: '# stays on the word',
    originHashZero: '# zero words (closure)',
    stepStart:
      'Before any word: the root is live, and so is every # reached from it without consuming a word. Live: {n} state(s).',
    stepWord:
      'Word {k} “{word}”: {before} live state(s) follow their literal, * and # edges; {after} state(s) are live now.',
    stepDead: 'Word {k} “{word}”: no live state has an edge for it. Nothing can match any more.',
    stepEnd:
      'The key is consumed. Bindings stored at live nodes match: {accepted}. Their queues form the set {dests}.',
    stepEndNone: 'The key is consumed and no live node holds a binding: no queue.',
    zeroMarks: 'Entered by the zero-word closure at this point: {list}.',
    none: 'none',
  },
  'zh-CN': {
    title: 'Trie 演示：活跃状态逐词推进',
    key: '路由键',
    trie: '“{exchange}”上各绑定组成的 Trie（{n} 个节点）',
    root: '根',
    live: '活跃',
    boundHere: '绑定 {pattern} → {dests}',
    originStart: '起点',
    originLiteral: '普通词边',
    originStar: '* 边',
    originHashStay: '# 原地吃掉这个词',
    originHashZero: '# 零个词（闭包）',
    stepStart: '读第一个词之前：根节点活跃，从根出发不消耗任何词就能到达的每个 # 也活跃。活跃：{n} 个状态。',
    stepWord:
      '第 {k} 个词“{word}”：{before} 个活跃状态沿普通词边、* 边和 # 边前进；现在有 {after} 个活跃状态。',
    stepDead: '第 {k} 个词“{word}”：没有任何活跃状态有对应的边，之后什么都匹配不上了。',
    stepEnd: '键已读完。活跃节点上存的绑定匹配：{accepted}。它们的队列组成集合 {dests}。',
    stepEndNone: '键已读完，没有活跃节点上存着绑定：没有队列。',
    zeroMarks: '此时经零词闭包进入的节点：{list}。',
    none: '无',
  },
})
