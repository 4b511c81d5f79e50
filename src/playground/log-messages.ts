import { defineMessages } from '../i18n/messages'

export const logMessages = defineMessages({
  en: {
    heading: 'Message log',
    empty:
      'Messages you publish with the form (or Ctrl+Enter), a sample or a link appear here, with the topology they met; select one to see its path again. Any publish of the script can also be chosen above the diagram, in the result table, or by putting the cursor on its line.',
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
      '通过表单（或 Ctrl+Enter）、示例或链接发布的消息会连同当时的拓扑列在这里；选中一条即可再次查看它的路径。脚本里的任何一条 publish 也可以在路由图上方、结果表中选中，或把光标放到它所在的行。',
    entry: '{id} → {exchange}“{key}”',
    defaultExchange: '（默认）',
    routedTo: '进入 {count} 个队列',
    returned: '被退回 312 NO_ROUTE',
    dropped: '被丢弃（无法路由）',
    failed: '错误 {code}',
  },
})
