import { defineMessages } from '../i18n/messages'

export const fallbackMessages = defineMessages({
  en: {
    hop: 'Exchange {exchange} ({type})',
    defaultExchange: '(default)',
    bindingKey: 'binding key “{key}”',
    error: 'Error {code}: {text}',
    queue: 'Queue',
    messages: 'Messages received',
  },
  'zh-CN': {
    hop: '交换机 {exchange}（{type}）',
    defaultExchange: '（默认）',
    bindingKey: '绑定键“{key}”',
    error: '错误 {code}：{text}',
    queue: '队列',
    messages: '收到的消息',
  },
})
