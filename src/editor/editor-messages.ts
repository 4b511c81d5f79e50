import { defineMessages } from '../i18n/messages'

/** Editor strings (diagnostics are said in diagnostic-messages.ts). */
export const editorMessages = defineMessages({
  en: {
    editorLabel: 'Topology script editor. Ctrl+Enter publishes; Ctrl+M toggles Tab focus.',
    loadingEditor: 'Loading the editor…',
    placeholder: '// e.g. exchange declare orders topic',
  },
  'zh-CN': {
    editorLabel: '拓扑脚本编辑器。Ctrl+Enter 发布；Ctrl+M 切换 Tab 焦点模式。',
    loadingEditor: '正在加载编辑器…',
    placeholder: '// 例如 exchange declare orders topic',
  },
})
