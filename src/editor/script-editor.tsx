/**
 * The Monaco editor for the topology script: it follows the store's text with minimal edits (so the
 * cursor stays), markers from the parser and the broker's replies, Ctrl+Enter to publish, read-only
 * for view links. Undo and redo are the store's (one history for typing, forms and diagram edits);
 * Monaco's own undo stack is not used. Lazy-loaded.
 */
import Editor, { type OnMount } from '@monaco-editor/react'
import { useEffect, useMemo, useRef } from 'react'
import type { OperationOutcome, ScriptDiagnostic, ScriptHint } from '../engine'
import { useT } from '../i18n/messages'
import { diffTexts } from '../store/text-history'
import { diagnosticMessages } from './diagnostic-messages'
import { diagnosticText, hintText, outcomeText } from './diagnostic-text'
import { editorMessages } from './editor-messages'
import { type AnalysisMarker, applyMarkers, type Located, type MarkerText } from './markers'
import { type Monaco, monaco } from './monaco-setup'
import { LANGUAGE_ID, setDeclaredSource } from './script-language'
import { ScriptPreview } from './script-preview'
import { EditorTabHint } from './tab-hint'
import { EDITOR_THEMES } from './themes'

const NO_HINTS: Located<ScriptHint> = { items: [], lines: [] }
const NO_ANALYSIS: Located<AnalysisMarker> = { items: [], lines: [] }

const MODEL_PATH = 'inmemory://amqp/topology.amqp'

export interface ScriptEditorProps {
  value: string
  onChange: (text: string) => void
  theme: 'light' | 'dark'
  readOnly: boolean
  /** Syntax problems with the text their line had when parsed. */
  diagnostics: Located<ScriptDiagnostic>
  /** Refused operations with the text their line had when run. */
  outcomes: Located<OperationOutcome>
  /** Common mistakes and did-you-mean suggestions (the engine's scriptHints), located the same way. */
  hints?: Located<ScriptHint>
  /** Lint findings and failing or undecided requirements (issue 20), worded, located the same way. */
  analysis?: Located<AnalysisMarker>
  onPublish: () => void
  /** The cursor was put on another line by the user (a click, the arrow keys). */
  onCursorLine?: (line: number) => void
  /** Ctrl+Z and Ctrl+Y / Ctrl+Shift+Z in the editor: the store's history. */
  onUndo: () => void
  onRedo: () => void
  /** Declared names for completion, from the last parse (so completion does not parse the text). */
  declared?: () => { exchanges: string[]; queues: string[] } | null
  /** Receives a function that moves the cursor to a line (for "go to error" links). */
  onReady?: (api: { revealLine: (line: number, column?: number) => void; focus: () => void }) => void
}

export default function ScriptEditor(props: ScriptEditorProps) {
  const t = useT(editorMessages)
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null)
  // Monaco keeps the command closure; read the latest props through a ref.
  const latest = useRef(props)
  latest.current = props

  const say = useT(diagnosticMessages)
  const hints = props.hints ?? NO_HINTS
  const text = useMemo<MarkerText>(
    () => ({
      diagnostic: (d) => diagnosticText(d, say),
      outcome: (o) => outcomeText(o, hints.items, say),
      hint: (h) => hintText(h, say),
    }),
    [say, hints],
  )
  const markerText = useRef(text)
  markerText.current = text
  const apply = () => {
    const model = editorRef.current?.getModel()
    if (!model) return
    const p = latest.current
    applyMarkers(
      monaco as Monaco,
      model,
      p.diagnostics,
      p.outcomes,
      p.hints ?? NO_HINTS,
      markerText.current,
      p.analysis ?? NO_ANALYSIS,
    )
  }
  // New problems: set at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: apply reads them through the latest props
  useEffect(apply, [props.diagnostics, props.outcomes, hints, text, props.analysis])
  // A new text: markers stay only on lines that still read the same, checked after a typing pause
  // (thousands of markers are not set again on every key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: apply reads the latest props
  useEffect(() => {
    const timer = setTimeout(apply, 150)
    return () => clearTimeout(timer)
  }, [props.value])

  // The store's text into the model as one minimal edit: the cursor and the scroll stay where they
  // were, and an undone or appended range is shown.
  useEffect(() => {
    const editor = editorRef.current
    const model = editor?.getModel()
    if (!editor || !model) return
    const edit = diffTexts(model.getValue(), props.value)
    if (!edit) return
    const from = model.getPositionAt(edit.at)
    const to = model.getPositionAt(edit.at + edit.removed.length)
    const range = new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column)
    model.applyEdits([{ range, text: edit.inserted, forceMoveMarkers: true }])
    if (editor.hasTextFocus()) {
      const after = model.getPositionAt(edit.at + edit.inserted.length)
      editor.setPosition(after)
      editor.revealPositionInCenterIfOutsideViewport(after)
    }
  }, [props.value])

  const onMount: OnMount = (editor) => {
    editorRef.current = editor
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => latest.current.onPublish())
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyZ, () => latest.current.onUndo())
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyZ, () =>
      latest.current.onRedo(),
    )
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyY, () => latest.current.onRedo())
    // The model may hold an older text (the page was left and opened again): catch up.
    const model = editor.getModel()
    if (model) setDeclaredSource(model.uri.toString(), () => latest.current.declared?.() ?? null)
    const behind = model ? diffTexts(model.getValue(), latest.current.value) : null
    if (model && behind) model.setValue(latest.current.value)
    let line = 0
    editor.onDidChangeCursorPosition((e) => {
      if (e.reason !== monaco.editor.CursorChangeReason.Explicit || e.position.lineNumber === line) return
      line = e.position.lineNumber
      latest.current.onCursorLine?.(line)
    })
    props.onReady?.({
      revealLine: (line, column = 1) => {
        editor.revealLineInCenter(line)
        editor.setPosition({ lineNumber: line, column })
        editor.focus()
      },
      focus: () => editor.focus(),
    })
    if (model)
      applyMarkers(
        monaco as Monaco,
        model,
        latest.current.diagnostics,
        latest.current.outcomes,
        latest.current.hints ?? NO_HINTS,
        markerText.current,
        latest.current.analysis ?? NO_ANALYSIS,
      )
  }

  return (
    <div className="script-editor has-tab-hint" data-testid="script-editor">
      <div className="script-editor-host">
        <Editor
          path={MODEL_PATH}
          language={LANGUAGE_ID}
          defaultValue={props.value}
          theme={props.theme === 'dark' ? EDITOR_THEMES.dark : EDITOR_THEMES.light}
          onChange={(v) => props.onChange(v ?? '')}
          onMount={onMount}
          loading={<ScriptPreview text={props.value} loading />}
          options={{
            readOnly: props.readOnly,
            minimap: { enabled: false },
            fontSize: 14,
            lineNumbersMinChars: 3,
            scrollBeyondLastLine: false,
            wordWrap: 'on',
            automaticLayout: true,
            ariaLabel: t('editorLabel'),
            placeholder: t('placeholder'),
            tabSize: 2,
            renderValidationDecorations: 'on',
            fixedOverflowWidgets: true,
            // A line-oriented language: Enter always ends the line; Tab accepts a suggestion.
            acceptSuggestionOnEnter: 'off',
          }}
        />
      </div>
      <EditorTabHint />
    </div>
  )
}
