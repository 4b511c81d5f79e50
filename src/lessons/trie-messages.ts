import { defineMessages } from '../i18n/messages'

/** Texts of the trie walkthrough. */
export const trieMessages = defineMessages({
  en: {
    title: 'Trie walkthrough: live states, word by word',
    unavailable:
      'The engine does not provide the trie trace yet (traceTrieMatch), so this walkthrough cannot play.',
  },
  'zh-CN': {
    title: 'Trie 演示：活跃状态逐词推进',
    unavailable: '引擎尚未提供 Trie 轨迹（traceTrieMatch），此演示暂时无法播放。',
  },
})
