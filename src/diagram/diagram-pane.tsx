/**
 * The routing diagram with its controls: focus / show all for large topologies, the default
 * exchange, the vhost, and export (SVG, PNG, Mermaid source). Presentational: props in, callbacks out.
 */
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { DiffChange, PublishExplanation, TopologySnapshot } from '../engine'
import { useT } from '../i18n/messages'
import { BindingList } from './binding-list'
import { type DiagramEditing, EditPopover, type EditState, Popover } from './diagram-edit'
import { DiagramExport } from './diagram-export'
import { type DiagramMessages, MessagePicker, messagesReaching } from './diagram-message-picker'
import { diagramMessages } from './diagram-messages'
import type { DiagramEntity } from './diagram-types'
import MermaidView from './mermaid-view'
import { pathOverlay } from './overlay/diagram-overlay'
import { diffLinks, withDiff } from './overlay/diff-overlay'
import { drawnQueueTypes, QueueTypeLegend } from './queue-type-legend'
import { currentSvg } from './svg-dom'
import { buildDiagram, buildTopology } from './to-mermaid'
import { useDescribeNode, useDiagramLabels } from './use-diagram'
import './diagram.css'

export interface DiagramPaneProps {
  topology: TopologySnapshot | null
  /** The publish to draw the path of; null draws the topology alone. */
  publish: PublishExplanation | null
  theme: 'light' | 'dark'
  /** Controlled when given; otherwise a checkbox in the pane. */
  showDefaultExchange?: boolean
  /** Controlled when given; otherwise 'auto' with a show-all / focus toggle in the pane. */
  focus?: 'auto' | 'all' | 'touched'
  onNodeClick?: (entity: DiagramEntity) => void
  selected?: DiagramEntity | null
  /** Drawing on the diagram (bindings, publishes); without it the diagram only shows. */
  editing?: DiagramEditing
  /** The run's messages: the producer badge and the queues then pick which one is shown. */
  messages?: DiagramMessages
  /**
   * The other messages routed on this same topology: a focused view then draws what they all
   * touched (binding ids are positions, so never pass messages of another topology).
   */
  companions?: readonly PublishExplanation[]
  /** A topology diff to draw (gained and lost edges against the current topology), with its legend. */
  diff?: { changes: readonly DiffChange[]; legend: (hidden: number) => ReactNode }
}

/**
 * Above this many elements (exchanges + queues + bindings in the vhost), "Show all" asks first:
 * Mermaid lays the graph out in one main-thread task that grows faster than linearly (about 0.7 s
 * for 200 elements, about a minute for 1,100 on this project's 2-core machines).
 */
const SHOW_ALL_ASK_ABOVE = 400

/** A focused view redraws per message: wait for a pause in publishing before asking Mermaid. */
const FOCUSED_RENDER_DELAY_MS = 250

function DiagramPane(props: DiagramPaneProps) {
  const { topology, publish, theme, onNodeClick, selected } = props
  const t = useT(diagramMessages)
  const [localDefault, setLocalDefault] = useState(false)
  const [localFocus, setLocalFocus] = useState<'auto' | 'all'>('auto')
  const [vhost, setVhost] = useState<string | undefined>(undefined)
  const [askShowAll, setAskShowAll] = useState(false)
  const figure = useRef<HTMLDivElement>(null)
  const showDefaultExchange = props.showDefaultExchange ?? localDefault
  const focus = props.focus ?? localFocus
  const labels = useDiagramLabels()
  const describe = useDescribeNode()
  const describeProducer = useCallback(() => t('producerPick'), [t])
  const vhosts = topology?.vhosts ?? []
  // a publish always shows its own vhost; the selector applies to the topology alone
  const wantedVhost = publish ? undefined : vhost && vhosts.includes(vhost) ? vhost : undefined
  const companions = props.companions
  const options = useMemo(
    () => ({ showDefaultExchange, focus, labels, theme, vhost: wantedVhost, companions }),
    [showDefaultExchange, focus, labels, theme, wantedVhost, companions],
  )
  // The drawn topology: the same text for every message with the same scope, so Mermaid stays put.
  const model = useMemo(
    () => (topology ? buildTopology(topology, publish, options) : null),
    [topology, publish, options],
  )
  const [edit, setEdit] = useState<EditState>(null)
  // A drawing in progress is about the topology it started on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the topology changes
  useEffect(() => setEdit(null), [topology])
  const editing = props.editing
  const diff = props.diff
  const drawnDiff = useMemo(() => (model && diff ? diffLinks(model, diff.changes) : null), [model, diff])
  const overlay = useMemo(() => {
    if (!model) return undefined
    const o = withDiff(pathOverlay(model, publish, labels, selected), drawnDiff?.links ?? [])
    if (!editing) return o
    // Bindings take clicks; the one being edited is marked.
    const edgeClasses = { ...o.edgeClasses }
    if (edit?.kind === 'binding') edgeClasses[edit.edge] = [...(edgeClasses[edit.edge] ?? []), 'selEdge']
    const nodeClasses = { ...o.nodeClasses }
    const source = edit?.kind === 'pick' || edit?.kind === 'bind' ? edit.source : null
    const sourceId = source ? model.ids.exchange.get(source.name) : undefined
    if (sourceId) nodeClasses[sourceId] = [...(nodeClasses[sourceId] ?? []), 'sel']
    return { ...o, edgeClasses, nodeClasses, clickableEdges: [...model.ids.binding.values()] }
  }, [model, publish, labels, selected, editing, edit, drawnDiff])

  const pointOf = (el: Element | null | undefined): { x: number; y: number } => {
    const stage = figure.current?.getBoundingClientRect()
    const r = el?.getBoundingClientRect()
    if (!stage || !r) return { x: 8, y: 8 }
    // Beside the node, kept inside the pane (a popover is about 16rem wide).
    const x = Math.min(r.right - stage.left + 6, Math.max(0, stage.width - 260))
    return { x: Math.max(0, x), y: Math.max(0, r.top - stage.top) }
  }
  const nodeEl = (kind: 'exchange' | 'queue', name: string) => {
    const id = (kind === 'exchange' ? model?.ids.exchange : model?.ids.queue)?.get(name)
    return id ? figure.current?.querySelector(`g.node[data-node-id="${id}"]`) : null
  }
  const typeOf = (name: string, vhost: string) =>
    topology?.exchanges.find((x) => x.vhost === vhost && x.name === name)?.type ?? ''
  const messages = props.messages
  const onNode = (entity: DiagramEntity) => {
    const pickingSource = edit?.kind === 'pick'
    // A queue lists the messages that reached it (unless it is being picked as a binding's end).
    if (entity.kind === 'queue' && messages && !pickingSource) {
      return setEdit({ kind: 'messages', queue: entity, at: pointOf(nodeEl('queue', entity.name)) })
    }
    if (!editing || (entity.kind !== 'exchange' && entity.kind !== 'queue')) return onNodeClick?.(entity)
    const at = pointOf(nodeEl(entity.kind, entity.name))
    if (edit?.kind === 'pick')
      return setEdit({ kind: 'bind', source: edit.source, type: edit.type, destination: entity, at })
    setEdit({
      kind: 'menu',
      entity,
      type: entity.kind === 'exchange' ? typeOf(entity.name, entity.vhost) : '',
      at,
    })
  }
  const onEdge = (edge: string) => {
    const bindingId = model?.edges[edge]
    const binding = topology?.bindings.find((b) => b.id === bindingId)
    const hit = figure.current?.querySelector(`[data-edge="${edge}"]`)
    if (editing && binding) setEdit({ kind: 'binding', binding, edge, at: pointOf(hit) })
  }
  const onStageKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && edit) {
      e.preventDefault()
      setEdit(null)
    }
    if ((e.key === 'Delete' || e.key === 'Backspace') && edit?.kind === 'binding' && editing) {
      e.preventDefault()
      editing.unbind(edit.binding)
      setEdit(null)
    }
  }

  const onProducer = () => {
    const badge = figure.current?.querySelector('[data-producer]')
    setEdit({ kind: 'messages', queue: null, at: pointOf(badge) })
  }
  const pickerTitle = (queue: { name: string } | null) =>
    queue ? t('pickHere', { name: queue.name }) : t('pickAll')

  if (!model || !topology) return <p className="loading">{t('empty')}</p>
  const canToggleFocus = props.focus === undefined && (model.focused || localFocus === 'all')
  const inVhost = <T extends { vhost: string }>(xs: T[]) => xs.filter((x) => x.vhost === model.vhost).length
  const fullSize = inVhost(topology.exchanges) + inVhost(topology.queues) + inVhost(topology.bindings)
  const toggleFocus = () => {
    if (localFocus !== 'all' && fullSize > SHOW_ALL_ASK_ABOVE && !askShowAll) {
      setAskShowAll(true)
      return
    }
    setAskShowAll(false)
    setLocalFocus(localFocus === 'all' ? 'auto' : 'all')
  }

  return (
    <section className="diagram-pane" aria-label={t('figure')}>
      <div className="diagram-toolbar">
        {vhosts.length > 1 && !publish && (
          <label>
            {t('vhost')}{' '}
            <select value={model.vhost} onChange={(e) => setVhost(e.target.value)}>
              {vhosts.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        )}
        {props.showDefaultExchange === undefined && (
          <label>
            <input
              type="checkbox"
              checked={localDefault}
              onChange={(e) => setLocalDefault(e.target.checked)}
            />{' '}
            {t('showDefault')}
          </label>
        )}
        {canToggleFocus && (
          <button type="button" aria-pressed={localFocus === 'all'} onClick={toggleFocus}>
            {localFocus === 'all' ? t('focusPath') : t('showAll')}
          </button>
        )}
        <DiagramExport
          getSvg={() => (figure.current ? currentSvg(figure.current) : null)}
          getSource={() => buildDiagram(topology, publish, { ...options, selected }, overlay).text}
          theme={theme}
        />
      </div>
      {diff && drawnDiff && diff.legend(drawnDiff.hidden)}
      <QueueTypeLegend types={drawnQueueTypes(topology, model)} />
      {Object.keys(model.nodes).length === 0 && <p className="diagram-note">{t('empty')}</p>}
      {model.focused && (
        <p className="diagram-note" data-testid="diagram-focused">
          {t(model.spansRun ? 'focusedRun' : 'focused', { bindings: model.hiddenBindings })}
        </p>
      )}
      {askShowAll && localFocus !== 'all' && (
        <div role="alert" className="diagram-ask" data-testid="show-all-ask">
          <p>{t('showAllAsk', { n: fullSize })}</p>
          <button type="button" onClick={toggleFocus}>
            {t('showAllAnyway')}
          </button>{' '}
          <button type="button" onClick={() => setAskShowAll(false)}>
            {t('showAllCancel')}
          </button>
        </div>
      )}
      {edit?.kind === 'pick' && (
        <p className="diagram-pick" role="status" data-testid="diagram-pick">
          {t('editPick', { source: edit.source.name })}{' '}
          <button type="button" onClick={() => setEdit(null)}>
            {t('editCancel')}
          </button>
        </p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape and Delete for the popover and the selected binding inside */}
      <div ref={figure} className="diagram-stage" onKeyDown={onStageKey}>
        <MermaidView
          text={model.text}
          theme={theme}
          label={t('figure')}
          nodes={model.nodes}
          overlay={overlay}
          animate
          renderDelayMs={model.focused ? FOCUSED_RENDER_DELAY_MS : 0}
          onNodeClick={onNode}
          onEdgeClick={onEdge}
          onProducerClick={messages ? onProducer : undefined}
          describeProducer={describeProducer}
          describeNode={describe}
        />
        {editing && <EditPopover key={editKey(edit)} state={edit} editing={editing} onState={setEdit} />}
        {edit?.kind === 'messages' && messages && (
          <Popover
            key={editKey(edit)}
            at={edit.at}
            label={pickerTitle(edit.queue)}
            onClose={() => setEdit(null)}
          >
            <MessagePicker
              messages={messages}
              title={pickerTitle(edit.queue)}
              indexes={
                edit.queue
                  ? messagesReaching(messages.publishes, edit.queue.vhost, edit.queue.name)
                  : undefined
              }
              onDone={() => setEdit(null)}
            />
            {edit.queue && (editing || onNodeClick) && (
              <button
                type="button"
                onClick={() => {
                  if (edit.queue) (editing?.reveal ?? onNodeClick)?.(edit.queue)
                  setEdit(null)
                }}
              >
                {t('editReveal')}
              </button>
            )}
          </Popover>
        )}
      </div>
      <p className="diagram-hint">
        {t('keyboardHint')} {messages && messages.publishes.length > 1 && t('pickHint')}{' '}
        {editing && t('editHint')}
      </p>
      <BindingList topology={topology} model={model} defaultExchange={labels.defaultExchange} />
    </section>
  )
}

export default memo(DiagramPane)

/** A new popover for each thing edited, so its inputs start empty. */
function editKey(s: EditState): string {
  if (!s) return 'none'
  if (s.kind === 'binding') return `b:${s.binding.id}`
  if (s.kind === 'pick') return `p:${s.source.name}`
  if (s.kind === 'bind') return `n:${s.source.name}:${s.destination.kind}:${s.destination.name}`
  if (s.kind === 'messages') return `q:${s.queue?.name ?? ''}`
  return `m:${s.entity.kind}:${s.entity.name}`
}
