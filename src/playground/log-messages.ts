import { defineMessages } from '../i18n/messages'

export const logMessages = defineMessages({
  en: {
    heading: 'Message log',
    empty: 'Publishes you make in this session appear here; select one to see its path again.',
    entry: '{id} → {exchange} “{key}”',
    defaultExchange: '(default)',
    routedTo: 'to {count} queue(s)',
    returned: 'returned 312 NO_ROUTE',
    dropped: 'dropped (unroutable)',
    failed: 'error {code}',
  },
  'zh-CN': {
    heading: '消息记录',
    empty: '本次会话中发布的消息会列在这里；选中一条即可再次查看它的路径。',
    entry: '{id} → {exchange}“{key}”',
    defaultExchange: '（默认）',
    routedTo: '进入 {count} 个队列',
    returned: '被退回 312 NO_ROUTE',
    dropped: '被丢弃（无法路由）',
    failed: '错误 {code}',
  },
})
