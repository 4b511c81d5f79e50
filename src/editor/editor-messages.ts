import { defineMessages } from '../i18n/messages'

/** Editor strings; syntax errors are explained per code, with the parser's detail after it. */
export const editorMessages = defineMessages({
  en: {
    editorLabel: 'Topology script editor. Ctrl+Enter publishes; Ctrl+M toggles Tab focus.',
    loadingEditor: 'Loading the editor…',
    placeholder: '// e.g. exchange declare orders topic',
    syntax: 'Syntax error: {detail}',
    brokerReply: 'RabbitMQ replies {code}: {text}',
    'unknown-statement': 'Unknown statement. {detail}',
    'unterminated-string': 'Unterminated string. {detail}',
    'bad-escape': 'Bad escape in string. {detail}',
    'too-deep': 'Value nested too deeply (at most 64 levels of tables, arrays and types). {detail}',
    'number-range': 'Number out of range. {detail}',
  },
  'zh-CN': {
    editorLabel: '拓扑脚本编辑器。Ctrl+Enter 发布；Ctrl+M 切换 Tab 焦点模式。',
    loadingEditor: '正在加载编辑器…',
    placeholder: '// 例如 exchange declare orders topic',
    syntax: '语法错误：{detail}',
    brokerReply: 'RabbitMQ 返回 {code}：{text}',
    'unknown-statement': '未知语句。{detail}',
    'unterminated-string': '字符串没有结束引号。{detail}',
    'bad-escape': '字符串里的转义写法不对。{detail}',
    'too-deep': '值嵌套太深（表、数组和类型前缀合计最多 64 层）。{detail}',
    'number-range': '数字超出可表示的范围。{detail}',
  },
})
