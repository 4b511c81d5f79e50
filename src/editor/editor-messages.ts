import { defineMessages } from '../i18n/messages'

/** Editor strings (diagnostics are said in diagnostic-messages.ts). */
export const editorMessages = defineMessages({
  en: {
    editorLabel: 'Topology script editor. Ctrl+Enter publishes; Ctrl+M toggles Tab focus.',
    loadingEditor: 'Loading the editor…',
    previewLabel: 'Topology script (read-only until the editor opens: click here or press a key)',
    previewHint: 'Click to edit',
    placeholder: '// e.g. exchange declare orders topic',
    tabHint:
      'In the editor, {tab} types a tab. {toggle} (on macOS {macToggle}) makes {tab} move focus out instead; press it again to type tabs.',
  },
  'zh-CN': {
    editorLabel: '拓扑脚本编辑器。Ctrl+Enter 发布；Ctrl+M 切换 Tab 焦点模式。',
    loadingEditor: '正在加载编辑器…',
    previewLabel: '拓扑脚本（编辑器打开前为只读：点击这里或按任意键）',
    previewHint: '点击即可编辑',
    placeholder: '// 例如 exchange declare orders topic',
    tabHint:
      '在编辑器里按 {tab} 会输入制表符。按 {toggle}（macOS 上为 {macToggle}）后 {tab} 改为把焦点移出编辑器；再按一次恢复输入制表符。',
  },
})
