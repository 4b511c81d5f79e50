/**
 * The playground: the script editor with forms and a publish bar on the left; the live diagram,
 * why panel, result table and message log on the right. State lives in src/store; the engine runs
 * in the Worker; this page only composes.
 */
import { useCallback, useEffect, useRef } from 'react'
import type { DiagramEntity } from '../diagram/diagram-types'
import { entityKey } from '../engine'
import { ensurePipeline, playgroundStore, usePlayground } from '../store/app-store'
import { useRoute } from '../store/url-route'
import { AnalysisPanels } from './analysis-panels'
import { type EditorApi, EditorPanel } from './editor-panel'
import { EntityForms } from './entity-forms'
import { ConfirmDialog, Notices } from './notices'
import { publishDraft } from './publish-draft'
import { PublishForm } from './publish-form'
import { RunViews } from './run-views'
import { Toolbar } from './toolbar'
import { openLinkFromUrl } from './url-links'
import { ViewBanner } from './view-banner'
import './analysis.css'
import './playground.css'

export default function PlaygroundPage() {
  const editor = useRef<EditorApi | null>(null)

  useEffect(() => {
    ensurePipeline()
    void openLinkFromUrl()
    // A link pasted into the address bar while the playground is open (the route store follows it).
    const stopFollowing = useRoute.subscribe((r, prev) => {
      if (r.hash !== prev.hash && r.hash !== '') void openLinkFromUrl()
    })
    // Ctrl+Enter publishes from anywhere on the page; Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) undo and redo
    // the script from anywhere but a text field (the editor binds its own commands to the same).
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return
      const target = e.target as Element | null
      if (target?.closest?.('.monaco-editor')) return
      if (e.key === 'Enter') {
        e.preventDefault()
        publishDraft()
        return
      }
      const key = e.key.toLowerCase()
      if ((key !== 'z' && key !== 'y') || target?.closest?.('input, textarea, select, [contenteditable]'))
        return
      e.preventDefault()
      const s = playgroundStore.getState()
      if (key === 'y' || e.shiftKey) s.redo()
      else s.undo()
    }
    window.addEventListener('keydown', onKey, true)
    return () => {
      stopFollowing()
      window.removeEventListener('keydown', onKey, true)
    }
  }, [])

  const onNodeClick = useCallback((entity: DiagramEntity) => {
    if (entity.kind !== 'exchange' && entity.kind !== 'queue') return
    const line =
      playgroundStore.getState().parsed?.entityLines[entityKey(entity.kind, entity.vhost, entity.name)]
    if (line) editor.current?.revealLine(line, 1)
  }, [])

  return (
    <section className="playground" data-testid="playground">
      <Toolbar />
      <Notices />
      <ViewBanner />
      <div className="pg-grid">
        <div className="pg-left">
          <EditorPanel
            onReady={(api) => {
              editor.current = api
            }}
          />
          <PublishFormPanel />
          {/* After the publish form: the panels grow when an analysis arrives and must not push it down */}
          <AnalysisPanels />
          <EntityFormsPanel />
        </div>
        <div className="pg-right">
          <RunViews onNodeClick={onNodeClick} />
        </div>
      </div>
      <ConfirmDialog />
    </section>
  )
}

/** The publish form, which needs the run's topology only. */
function PublishFormPanel() {
  const topology = usePlayground((s) => s.run?.topology ?? null)
  const readOnly = usePlayground((s) => s.mode === 'view')
  return <PublishForm topology={topology} readOnly={readOnly} />
}

/** The add-entity forms, which need the run's topology only. */
function EntityFormsPanel() {
  const topology = usePlayground((s) => s.run?.topology ?? null)
  const readOnly = usePlayground((s) => s.mode === 'view')
  return <EntityForms topology={topology} readOnly={readOnly} />
}
