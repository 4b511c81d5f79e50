/**
 * The right-hand side: the diagram, the why panel, the result table and the message log, all
 * showing the selected message (or the newest). Re-renders when the run or the selection changes,
 * never on a keystroke.
 */
import { Suspense, useEffect, useMemo } from 'react'
import { lazyPart } from '../components/lazy-part'
import { useNearViewport } from '../components/use-near-viewport'
import type { DiagramEntity } from '../diagram/diagram-types'
import type { PublishExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { playgroundStore, usePlayground } from '../store/app-store'
import { useTheme } from '../store/theme'
import { ComparePanel, DiffLegend, useDrawnDiff } from './compare-panel'
import { diagramEditing } from './diagram-edits'
import { ResultView, WhyView } from './explain-adapter'
import { MessageLog } from './message-log'
import { MessageStrip } from './message-strip'
import { playgroundMessages } from './playground-messages'
import { PublishSummary } from './publish-summary'
import { stripMessages } from './strip-messages'
import { shownPublish } from './use-shown-publish'

const DiagramPane = lazyPart(() => import('../diagram/diagram-pane'))

export function RunViews({ onNodeClick }: { onNodeClick: (entity: DiagramEntity) => void }) {
  const t = useT(playgroundMessages)
  const theme = useTheme((s) => s.theme)
  const run = usePlayground((s) => s.run)
  const answered = usePlayground((s) => s.parsed !== null || s.runError !== null)
  // On a phone the diagram starts below the fold: Mermaid is loaded and run when it comes near.
  const [near, diagramBox] = useNearViewport()
  const log = usePlayground((s) => s.log)
  const selection = usePlayground((s) => s.selection)
  const explanations = usePlayground((s) => s.explanations)
  const firstError = usePlayground((s) => (s.stale ? (s.parsed?.diagnostics[0]?.loc.line ?? null) : null))
  const ts = useT(stripMessages)
  // Memoised: a message with later dead-letterings is a new object each time it is gathered.
  const { publish, topology, index } = useMemo(
    () => shownPublish({ run, log, selection, explanations }),
    [run, log, selection, explanations],
  )
  const readOnly = usePlayground((s) => s.mode === 'view')
  // Drawing edits the script: not on a read-only link, nor on a message of an older topology.
  const editable = !readOnly && topology === run?.topology
  const editing = useMemo(() => (editable ? diagramEditing(onNodeClick) : undefined), [editable, onNodeClick])
  const publishes = run?.publishes ?? NO_PUBLISHES
  // The diagram's own message picker (producer badge, queues) selects as the strip does.
  const messages = useMemo(
    () => (publishes.length > 0 ? { publishes, selected: index, onSelect: select } : undefined),
    [publishes, index],
  )
  // A large topology routes without the per-binding explanation: fetch it for the message shown.
  useEffect(() => {
    if (publish?.explained === false && index !== null) playgroundStore.getState().explain(index)
  }, [publish, index])
  const diffChanges = useDrawnDiff()
  // The diff is about the current topology: not drawn over a logged message of an older one.
  const diff = useMemo(
    () =>
      diffChanges && topology === run?.topology
        ? { changes: diffChanges, legend: (hidden: number) => <DiffLegend hidden={hidden} /> }
        : undefined,
    [diffChanges, topology, run],
  )
  const stale = firstError !== null && run !== null
  // Until the engine first answers, only the diagram's reserved box: the panels that then appear
  // below it are new content, not a layout shift (CLS).
  if (!answered)
    return (
      <div className="run-views run-views-pending">
        <p className="loading">{t('loadingDiagram')}</p>
      </div>
    )
  return (
    <>
      {stale && (
        <p className="stale-run" role="status" data-testid="stale-run">
          {ts('staleRun', { line: firstError })}
        </p>
      )}
      <ComparePanel />
      <div className={stale ? 'run-views is-stale' : 'run-views'}>
        <MessageStrip publishes={publishes} selected={index} onSelect={select} />
        <div ref={diagramBox}>
          {near ? (
            <Suspense fallback={<p className="loading diagram-loading">{t('loadingDiagram')}</p>}>
              <DiagramPane
                topology={topology}
                publish={publish}
                theme={theme}
                onNodeClick={onNodeClick}
                editing={editing}
                messages={messages}
                companions={topology === run?.topology ? publishes : undefined}
                diff={diff}
              />
            </Suspense>
          ) : (
            <p className="loading diagram-loading">{t('loadingDiagram')}</p>
          )}
        </div>
      </div>
      <section className="panel pg-why" aria-labelledby="why-heading" data-testid="why-section" tabIndex={-1}>
        <h2 id="why-heading">{t('explainHeading')}</h2>
        <PublishSummary publish={publish} />
        <WhyView publish={publish} index={index} />
      </section>
      <section className="panel pg-deferred pg-results" aria-labelledby="result-heading">
        <h2 id="result-heading">{t('resultHeading')}</h2>
        <ResultView run={run} selected={selection?.kind === 'log' ? null : index} onSelect={select} />
      </section>
      <MessageLog log={log} selection={selection} onOpen={openLogEntry} />
    </>
  )
}

// Stable callbacks and values, so the memoised parts skip a render that changes nothing for them.
const select = (index: number) => playgroundStore.getState().select({ kind: 'run', index })
const openLogEntry = (seq: number) => playgroundStore.getState().select({ kind: 'log', seq })
const NO_PUBLISHES: PublishExplanation[] = []
