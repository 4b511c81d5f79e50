/**
 * A small TypeScript editor for the code exercises, on the shared Monaco setup (bundled locally,
 * never a CDN — see TOOLCHAIN §4), and TypeScript turned into JavaScript by Monaco's own TS worker (getEmitOutput), so
 * learners write real TypeScript and no compiler is shipped twice. Loaded lazily with its chunk.
 */
import Editor from '@monaco-editor/react'
import 'monaco-editor/languages/definitions/typescript/register'
import {
  getTypeScriptWorker,
  ScriptTarget,
  typescriptDefaults,
} from 'monaco-editor/languages/features/typescript/register'
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker'
// The shared setup bundles Monaco locally and calls loader.config({ monaco }); we reuse it and its themes.
import { monaco, registerMonacoWorker } from '../../editor/monaco-setup'
import { EDITOR_THEMES } from '../../editor/themes'

// TypeScript needs its own language worker; every other label keeps the core editor worker.
registerMonacoWorker(['typescript', 'javascript'], () => new TsWorker())
typescriptDefaults.setCompilerOptions({
  target: ScriptTarget.ES2020,
  strict: true,
  noEmitOnError: false,
})

/** The learner's TypeScript, compiled to JavaScript by Monaco's TS worker. */
export async function transpileModel(path: string): Promise<string> {
  const uri = monaco.Uri.parse(path)
  const model = monaco.editor.getModel(uri)
  if (!model) throw new Error('the editor is not ready yet')
  const worker = await (await getTypeScriptWorker())(uri)
  const out = await worker.getEmitOutput(uri.toString())
  const js = out.outputFiles.find((f) => f.name.endsWith('.js'))
  if (!js) throw new Error('TypeScript produced no JavaScript')
  return js.text
}

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
    </section>
  )
}
