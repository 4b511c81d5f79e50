import { defineMessages } from '../i18n/messages'

/** The text list of the drawn bindings (binding-list.tsx); {names} are shown as code. */
export const bindingListMessages = defineMessages({
  en: {
    summary: 'Bindings drawn, as a list ({n})',
    none: 'No binding is drawn.',
    toQueue: '{source} → queue {destination}',
    toExchange: '{source} → exchange {destination}',
    key: 'routing key {key}',
    args: 'arguments {args}',
    any: 'every message (fanout)',
    sep: ', ',
  },
  'zh-CN': {
    summary: '以列表查看图中的绑定（{n} 个）',
    none: '图中没有绑定。',
    toQueue: '{source} → 队列 {destination}',
    toExchange: '{source} → 交换机 {destination}',
    key: '路由键 {key}',
    args: '参数 {args}',
    any: '所有消息（fanout）',
    sep: '，',
  },
})
