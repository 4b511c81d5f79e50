import { defineMessages } from '../i18n/messages'

export const playgroundMessages = defineMessages({
  en: {
    published: 'Published “{key}” to exchange “{exchange}”.',
    targets: 'Target queues (one copy each):',
    loadingDiagram: 'Loading the diagram…',
    diagram: 'Routing diagram',
  },
  'zh-CN': {
    published: '向交换机“{exchange}”发布了“{key}”。',
    targets: '目标队列（每个一份）：',
    loadingDiagram: '正在加载路由图…',
    diagram: '路由图',
  },
})
