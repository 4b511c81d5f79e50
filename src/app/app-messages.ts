import { defineMessages } from '../i18n/messages'

export const appMessages = defineMessages({
  en: {
    title: 'AMQP Routing Playground',
    tagline: 'See why a message goes where it goes',
    playground: 'Playground',
    lessons: 'Lessons',
    practice: 'Practice',
    timeline: 'Timeline',
    lab: 'Real broker',
    language: 'Language',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    loading: 'Loading…',
    mainNav: 'Main sections',
    storageFull:
      'This browser’s storage is full: changes you make now are kept in this tab only. Download or export what you want to keep (the playground and the practice progress offer it).',
    dismiss: 'Dismiss',
    partCrashed: 'This part of the page stopped working. The rest of the app still works.',
    partNotDownloaded:
      'This part could not be downloaded — you may be offline, or a new version was published. The rest of the app still works.',
    partRetry: 'Reload this part',
    reloadPage: 'Reload the page',
  },
  'zh-CN': {
    title: 'AMQP 路由演练场',
    tagline: '看清每条消息为什么去了那里',
    playground: '演练场',
    lessons: '课程',
    practice: '自测',
    timeline: '时间线',
    lab: '真实 Broker',
    language: '语言',
    theme: '主题',
    light: '浅色',
    dark: '深色',
    loading: '加载中…',
    mainNav: '主要栏目',
    storageFull:
      '此浏览器的存储空间已满：你现在做的修改只保留在当前标签页中。请下载或导出想保留的内容（演练场和自测进度都提供此功能）。',
    dismiss: '关闭',
    partCrashed: '页面的这一部分出错了，应用的其他部分仍可使用。',
    partNotDownloaded: '这一部分没能下载——可能已离线，或者发布了新版本。应用的其他部分仍可使用。',
    partRetry: '重新加载这一部分',
    reloadPage: '重新加载页面',
  },
})
