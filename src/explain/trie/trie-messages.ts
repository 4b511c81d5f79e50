import { defineMessages } from '../../i18n/messages'

/** Texts of the trie walkthrough. */
export const trieMessages = defineMessages({
  en: {
    title: 'Trie walkthrough: live states, word by word',
    key: 'Routing key',
    emptyKey: '(empty: zero words)',
    trie: 'Trie of the bindings of “{exchange}” ({n} nodes).',
    trieOwn: 'Trie of these bindings ({n} nodes).',
    bound:
      'Live states visited: {visited}. A live state is a node at a key position, so there are at most V × (K + 1) = {v} × {k} = {bound} of them, wildcards or not.',
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
    bindings: 'Bindings (yours to change)',
    pattern: 'Pattern',
    queue: 'Queue',
    add: 'Add binding',
    remove: 'Delete',
    removeOne: 'Delete binding {pattern} → {dest}',
    removedPruned:
      'Deleted {pattern} → {dest}: its node held no other binding and had no child, so it was freed, then each parent left empty the same way: {n} node(s) pruned ({list}); {before} → {after} nodes.',
    removedKept:
      'Deleted {pattern} → {dest}: other bindings still pass through or end at its node, so no node is freed.',
    removedMissing: 'There was no binding {pattern} → {dest} to delete.',
  },
  'zh-CN': {
    title: 'Trie 演示：活跃状态逐词推进',
    key: '路由键',
    emptyKey: '（空：零个词）',
    trie: '“{exchange}”上各绑定组成的 Trie（{n} 个节点）。',
    trieOwn: '这些绑定组成的 Trie（{n} 个节点）。',
    bound:
      '访问过的活跃状态：{visited} 个。活跃状态就是“节点 + 键中的位置”，所以无论有没有通配符，最多 V × (K + 1) = {v} × {k} = {bound} 个。',
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
    bindings: '绑定（可以自己改）',
    pattern: '模式',
    queue: '队列',
    add: '添加绑定',
    remove: '删除',
    removeOne: '删除绑定 {pattern} → {dest}',
    removedPruned:
      '已删除 {pattern} → {dest}：它的节点上没有别的绑定，也没有子节点，于是被释放；向上每个同样变空的父节点也一并释放：共剪掉 {n} 个节点（{list}），节点数 {before} → {after}。',
    removedKept: '已删除 {pattern} → {dest}：还有别的绑定经过或停在它的节点上，所以没有节点被释放。',
    removedMissing: '没有 {pattern} → {dest} 这个绑定可删。',
  },
})
