/** Light and dark editor themes matching the app's colour tokens (src/app/app.css). */
import type * as Monaco from 'monaco-editor/editor'

export const EDITOR_THEMES = { light: 'amqp-light', dark: 'amqp-dark' } as const

export function defineThemes(monaco: typeof Monaco): void {
  monaco.editor.defineTheme(EDITOR_THEMES.light, {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: '7c2d12', fontStyle: 'bold' },
      { token: 'type', foreground: '0f766e' },
      { token: 'string', foreground: '1d4ed8' },
      { token: 'number', foreground: '9333ea' },
      { token: 'comment', foreground: '64748b', fontStyle: 'italic' },
      { token: 'operator', foreground: 'b45309' },
    ],
    colors: { 'editor.background': '#ffffff', 'editorLineNumber.foreground': '#94a3b8' },
  })
  monaco.editor.defineTheme(EDITOR_THEMES.dark, {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: 'fbbf24', fontStyle: 'bold' },
      { token: 'type', foreground: '5eead4' },
      { token: 'string', foreground: '93c5fd' },
      { token: 'number', foreground: 'd8b4fe' },
      { token: 'comment', foreground: '9ca3af', fontStyle: 'italic' },
      { token: 'operator', foreground: 'fdba74' },
    ],
    colors: { 'editor.background': '#111827', 'editorLineNumber.foreground': '#6b7280' },
  })
}
