/**
 * The script editor with its status line. The only part of the page that follows every keystroke,
 * so typing re-renders the editor and nothing else.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { lazyPart } from '../components/lazy-part'
import { ScriptPreview } from '../editor/script-preview'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { playgroundStore, usePlayground } from '../store/app-store'
import { useTheme } from '../store/theme'
import { setLineJump } from './analysis-actions'
import { analysisMarkers } from './analysis-markers'
import { EditorStatus } from './editor-status'
import { playgroundMessages } from './playground-messages'
import { publishDraft } from './publish-draft'

const ScriptEditor = lazyPart(() => import('../editor/script-editor'))
/** Monaco is fetched when the learner reaches for the script; once asked for, it stays. */
let editorWanted = false

export type EditorApi = { revealLine: (line: number, column?: number) => void; focus: () => void }

export function EditorPanel({ onReady }: { onReady: (api: EditorApi) => void }) {
  const t = useT(playgroundMessages)
  const theme = useTheme((s) => s.theme)
  const text = usePlayground((s) => s.text)
  const readOnly = usePlayground((s) => s.mode === 'view')
  // Each list by its own arrays: a reply that changes none of them sets no markers.
  const diagItems = usePlayground((s) => s.parsed?.diagnostics ?? NONE)
  const diagLines = usePlayground((s) => s.parsed?.diagnosticLines ?? NO_LINES)
  const failures = usePlayground((s) => s.run?.failures ?? NONE)
  const failureLines = usePlayground((s) => s.run?.failureLines ?? NO_LINES)
  const hintItems = usePlayground((s) => s.run?.hints ?? NONE)
  const hintLines = usePlayground((s) => s.run?.hintLines ?? NO_LINES)
  const diagnostics = useMemo(() => ({ items: diagItems, lines: diagLines }), [diagItems, diagLines])
  const outcomes = useMemo(() => ({ items: failures, lines: failureLines }), [failures, failureLines])
  const hints = useMemo(() => ({ items: hintItems, lines: hintLines }), [hintItems, hintLines])
  const analysis = usePlayground((s) => s.analysis)
  const lang = useLanguage((s) => s.lang)
  const analysisItems = useMemo(() => analysisMarkers(analysis, lang), [analysis, lang])
  const setText = useCallback((v: string) => playgroundStore.getState().setText(v, 'coalesce'), [])
  const api = useRef<EditorApi | null>(null)
  const [wanted, setWanted] = useState(editorWanted)
  // Where the learner clicked or focused the read-only text, replayed when the editor is ready.
  const intent = useRef<{ line?: number; focus?: boolean }>({})
  const want = (how: { line?: number; focus?: boolean }) => {
    if (how.line !== undefined) intent.current.line = how.line
    if (how.focus) intent.current.focus = true
    editorWanted = true
    setWanted(true)
  }
  const goTo = (line: number, column = 1) => {
    if (api.current) api.current.revealLine(line, column)
    else want({ line, focus: true })
  }
  // The Requirements and Problems panels go to a line the same way (loading the editor first).
  const goToRef = useRef(goTo)
  goToRef.current = goTo
  useEffect(() => {
    setLineJump((line, column) => goToRef.current(line, column))
    return () => setLineJump(null)
  }, [])
  const ready = (a: EditorApi) => {
    api.current = a
    onReady(a)
    const { line, focus } = intent.current
    intent.current = {}
    if (line !== undefined) a.revealLine(line, Number.MAX_SAFE_INTEGER)
    else if (focus) a.focus()
  }
  return (
    <section className="panel editor-panel" aria-labelledby="script-heading">
      <h2 id="script-heading">{t('scriptHeading')}</h2>
      {!wanted && <ScriptPreview text={text} onIntent={want} />}
      {wanted && (
        <Suspense fallback={<ScriptPreview text={text} loading />}>
          <ScriptEditor
            value={text}
            onChange={setText}
            theme={theme}
            readOnly={readOnly}
            diagnostics={diagnostics}
            outcomes={outcomes}
            hints={hints}
            analysis={analysisItems}
            onPublish={publishDraft}
            onCursorLine={selectPublishOnLine}
            onUndo={undo}
            declared={declaredNow}
            onRedo={redo}
            onReady={ready}
          />
        </Suspense>
      )}
      <EditorStatus onGoTo={goTo} />
    </section>
  )
}

/** The cursor on a publish line selects that message (when the parse and the run read the same text). */
function selectPublishOnLine(line: number): void {
  const s = playgroundStore.getState()
  if (!s.parsed || !s.run || s.parsed.text !== s.run.text) return
  const index = s.parsed.publishLines.indexOf(line)
  if (index >= 0) s.select({ kind: 'run', index })
}

const undo = () => playgroundStore.getState().undo()
const redo = () => playgroundStore.getState().redo()
const declaredNow = () => playgroundStore.getState().parsed?.declared ?? null

const NONE: never[] = []
const NO_LINES: string[] = []
