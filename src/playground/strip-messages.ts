import { defineMessages } from '../i18n/messages'

export const stripMessages = defineMessages({
  en: {
    label: 'Messages of the run',
    previous: 'Previous message',
    next: 'Next message',
    routed: 'routed to one or more queues',
    returned: 'returned to the producer (312 NO_ROUTE)',
    dropped: 'dropped (unroutable, not mandatory)',
    error: 'refused with a channel error',
    staleRun:
      'The script has a syntax error (line {line}): the diagram, the explanation and the result show the last run that worked.',
    staleRunBusy: 'Showing the previous run while the new one is routed.',
  },
  'zh-CN': {
    label: '本次运行的消息',
    previous: '上一条消息',
    next: '下一条消息',
    routed: '已路由到一个或多个队列',
    returned: '退回生产者（312 NO_ROUTE）',
    dropped: '被丢弃（无法路由，未设 mandatory）',
    error: '被通道错误拒绝',
    staleRun: '脚本有语法错误（第 {line} 行）：路由图、原因和结果显示的是最后一次成功的运行。',
    staleRunBusy: '新的运行完成前，这里显示的是上一次运行。',
  },
})
