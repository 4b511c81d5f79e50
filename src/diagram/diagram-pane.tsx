/**
 * The routing diagram with its controls: focus / show all for large topologies, the default
 * exchange, the vhost, and export (SVG, PNG, Mermaid source). Presentational: props in, callbacks out.
 */
import { useMemo, useRef, useState } from 'react'
import type { PublishExplanation, TopologySnapshot } from '../engine'
import { useT } from '../i18n/messages'
import { DiagramExport } from './diagram-export'
import { diagramMessages } from './diagram-messages'
import { pathOverlay } from './diagram-overlay'
import type { DiagramEntity } from './diagram-types'
import MermaidView from './mermaid-view'
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
}

/**
 * Above this many elements (exchanges + queues + bindings in the vhost), "Show all" asks first:
 * Mermaid lays the graph out in one main-thread task that grows faster than linearly (about 0.7 s
 * for 200 elements, about a minute for 1,100 on this project's 2-core machines).
 */
export const SHOW_ALL_ASK_ABOVE = 400

export default function DiagramPane(props: DiagramPaneProps) {
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
  const vhosts = topology?.vhosts ?? []
  // a publish always shows its own vhost; the selector applies to the topology alone
  const wantedVhost = publish ? undefined : vhost && vhosts.includes(vhost) ? vhost : undefined
  const options = useMemo(
    () => ({ showDefaultExchange, focus, labels, theme, vhost: wantedVhost }),
    [showDefaultExchange, focus, labels, theme, wantedVhost],
  )
  // The drawn topology: the same text for every message with the same scope, so Mermaid stays put.
  const model = useMemo(
    () => (topology ? buildTopology(topology, publish, options) : null),
    [topology, publish, options],
  )
  const overlay = useMemo(
    () => (model ? pathOverlay(model, publish, labels, selected) : undefined),
    [model, publish, labels, selected],
  )

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
      {Object.keys(model.nodes).length === 0 && <p className="diagram-note">{t('empty')}</p>}
      {model.focused && (
        <p className="diagram-note" data-testid="diagram-focused">
          {t('focused', { bindings: model.hiddenBindings })}
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
      <div ref={figure}>
        <MermaidView
          text={model.text}
          theme={theme}
          label={t('figure')}
          nodes={model.nodes}
          overlay={overlay}
          animate
          onNodeClick={onNodeClick}
          describeNode={describe}
        />
      </div>
      <p className="diagram-hint">{t('keyboardHint')}</p>
    </section>
  )
}
