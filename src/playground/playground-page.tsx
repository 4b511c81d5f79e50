/**
 * The playground: the script editor with forms and a publish bar on the left; the live diagram,
 * why panel, result table and message log on the right. State lives in src/store; the engine runs
 * in the Worker; this page only composes.
 */
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react'
import type { DiagramEntity } from '../diagram/diagram-types'
import { useT } from '../i18n/messages'
import { ensurePipeline, playgroundStore, usePlayground } from '../store/app-store'
import { useTheme } from '../store/theme'
import { useRoute } from '../store/url-route'
import { EditorStatus } from './editor-status'
import { EntityForms } from './entity-forms'
import { ResultView, WhyView } from './explain-adapter'
import { MessageLog } from './message-log'
import { ConfirmDialog, Notices } from './notices'
import { playgroundMessages } from './playground-messages'
import { publishDraft } from './publish-draft'
import { PublishForm } from './publish-form'
import { PublishSummary } from './publish-summary'
import { Toolbar } from './toolbar'
import { openLinkFromUrl } from './url-links'
import { shownPublish } from './use-shown-publish'
import { ViewBanner } from './view-banner'
import './playground.css'

const ScriptEditor = lazy(() => import('../editor/script-editor'))
const DiagramPane = lazy(() => import('../diagram/diagram-pane'))

type EditorApi = { revealLine: (line: number, column?: number) => void; focus: () => void }

export default function PlaygroundPage() {
  const t = useT(playgroundMessages)
  const theme = useTheme((s) => s.theme)
  const text = usePlayground((s) => s.text)
  const readOnly = usePlayground((s) => s.mode === 'view')
  const diagnostics = usePlayground((s) => s.parsed?.diagnostics)
  const run = usePlayground((s) => s.run)
  const log = usePlayground((s) => s.log)
  const selection = usePlayground((s) => s.selection)
  const { publish, topology } = shownPublish({ run, log, selection })
  const editor = useRef<EditorApi | null>(null)

  useEffect(() => {
    ensurePipeline()
    void openLinkFromUrl()
    // A link pasted into the address bar while the playground is open (the route store follows it).
    const stopFollowing = useRoute.subscribe((r, prev) => {
      if (r.hash !== prev.hash && r.hash !== '') void openLinkFromUrl()
    })
    // Ctrl+Enter publishes from anywhere on the page (the editor binds its own command).
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key !== 'Enter') return
      if ((e.target as Element | null)?.closest?.('.monaco-editor')) return
      e.preventDefault()
      publishDraft()
    }
    window.addEventListener('keydown', onKey, true)
    return () => {
      stopFollowing()
      window.removeEventListener('keydown', onKey, true)
    }
  }, [])

  const setText = useCallback((v: string) => playgroundStore.getState().setText(v, 'coalesce'), [])
  const goTo = useCallback((line: number, column = 1) => editor.current?.revealLine(line, column), [])
  const onNodeClick = useCallback((entity: DiagramEntity) => {
    if (entity.kind !== 'exchange' && entity.kind !== 'queue') return
    const op = playgroundStore
      .getState()
      .parsed?.ops.find((o) =>
        entity.kind === 'exchange'
          ? o.op === 'exchange.declare' && o.exchange.name === entity.name
          : o.op === 'queue.declare' && o.queue.name === entity.name,
      )
    if (op?.loc) editor.current?.revealLine(op.loc.line, op.loc.column)
  }, [])

  return (
    <section className="playground" data-testid="playground">
      <Toolbar />
      <Notices />
      <ViewBanner />
      <div className="pg-grid">
        <div className="pg-left">
          <section className="panel editor-panel" aria-labelledby="script-heading">
            <h2 id="script-heading">{t('scriptHeading')}</h2>
            <Suspense fallback={<p className="loading">{t('loadingEditor')}</p>}>
              <ScriptEditor
                value={text}
                onChange={setText}
                theme={theme}
                readOnly={readOnly}
                diagnostics={diagnostics ?? []}
                outcomes={run?.outcomes ?? []}
                onPublish={publishDraft}
                onReady={(api) => {
                  editor.current = api
                }}
              />
            </Suspense>
            <EditorStatus onGoTo={goTo} />
          </section>
          <PublishForm topology={run?.topology ?? null} readOnly={readOnly} />
          <EntityForms topology={run?.topology ?? null} readOnly={readOnly} />
        </div>
        <div className="pg-right">
          <Suspense fallback={<p className="loading">{t('loadingDiagram')}</p>}>
            <DiagramPane topology={topology} publish={publish} theme={theme} onNodeClick={onNodeClick} />
          </Suspense>
          <section className="panel" aria-labelledby="why-heading">
            <h2 id="why-heading">{t('explainHeading')}</h2>
            <PublishSummary publish={publish} />
            <WhyView publish={publish} outcomes={run?.outcomes} />
          </section>
          <section className="panel" aria-labelledby="result-heading">
            <h2 id="result-heading">{t('resultHeading')}</h2>
            <ResultView run={run} />
          </section>
          <MessageLog
            log={log}
            selection={selection}
            onOpen={(seq) => playgroundStore.getState().select({ kind: 'log', seq })}
          />
        </div>
      </div>
      <ConfirmDialog />
    </section>
  )
}
