import { defineMessages } from '../i18n/messages'

export const logMessages = defineMessages({
  en: {
    heading: 'Message log',
    empty:
      'Messages you publish with the form (or Ctrl+Enter), a sample or a link appear here; select one to see its path again. Publish lines you type into the script are shown in the why panel and the result.',
    entry: '{id} → {exchange} “{key}”',
    defaultExchange: '(default)',
    routedTo: 'to {count} queue(s)',
    returned: 'returned 312 NO_ROUTE',
    dropped: 'dropped (unroutable)',
    failed: 'error {code}',
  },
  'zh-CN': {
    heading: '消息记录',
    empty:
      '通过表单（或 Ctrl+Enter）、示例或链接发布的消息会列在这里；选中一条即可再次查看它的路径。直接写进脚本的 publish 行显示在“原因”和“结果”里。',
    entry: '{id} → {exchange}“{key}”',
    defaultExchange: '（默认）',
    routedTo: '进入 {count} 个队列',
    returned: '被退回 312 NO_ROUTE',
    dropped: '被丢弃（无法路由）',
    failed: '错误 {code}',
  },
})
