/**
 * A small TypeScript editor for the code exercises, on the shared Monaco setup (bundled locally,
 * never a CDN — see TOOLCHAIN §4). TypeScript syntax colouring only: the code is turned into
 * JavaScript by sucrase (./transpile.ts), so Monaco's 1.4 MB TypeScript worker is never loaded.
 * Loaded lazily with its chunk.
 */
import Editor from '@monaco-editor/react'
import 'monaco-editor/languages/definitions/typescript/register'
// The shared setup bundles Monaco locally and calls loader.config({ monaco }); we reuse it and its themes.
import '../../editor/monaco-setup'
import { EditorTabHint } from '../../editor/tab-hint'
import { EDITOR_THEMES } from '../../editor/themes'

export interface CodeEditorProps {
  path: string
  value: string
  theme: 'light' | 'dark'
  label: string
  /** Shown while Monaco starts (the wrapper's default is English). */
  loadingText: string
  onChange: (value: string) => void
}

export default function CodeEditor({ path, value, theme, label, loadingText, onChange }: CodeEditorProps) {
  return (
    <section className="code-editor" data-testid="code-editor" aria-label={label}>
      <Editor
        height="320px"
        path={path}
        defaultLanguage="typescript"
        value={value}
        theme={EDITOR_THEMES[theme]}
        loading={loadingText}
        onChange={(v) => onChange(v ?? '')}
        options={{ minimap: { enabled: false }, fontSize: 14, scrollBeyondLastLine: false, tabSize: 2 }}
      />
      <EditorTabHint />
    </section>
  )
}
