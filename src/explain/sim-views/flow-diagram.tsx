/**
 * The diagram of one frame: exchanges, queues with their ready / unacked depth, consumers with what
 * they hold, and dots travelling along the edges this step used. With reduced motion the dots are
 * not drawn; the edges they would follow stay highlighted.
 */
import './timeline-views.css'
import type { SimFrame, SimState, TimelineRun } from '../../engine'
import { useT } from '../../i18n/messages'
import { type FlowNode, layoutFrame, NODE_H, NODE_W } from './flow-layout'
import { type Translate, timelineMessages } from './timeline-messages'

interface Props {
  run: TimelineRun
  frame: SimFrame | null
  reducedMotion: boolean
}

function detail(node: FlowNode, state: SimState, t: Translate) {
  if (node.kind === 'queue') {
    const q = state.queues.find((x) => `q:${x.name}` === node.key)
    const unacked = state.channels.reduce(
      (n, ch) => n + ch.unacked.filter((d) => d.queue === q?.name).length,
      0,
    )
    return `${t('ready')} ${q?.ready.length ?? 0} · ${t('unacked')} ${unacked}`
  }
  if (node.kind === 'consumer') {
    const c = state.consumers.find((x) => `c:${x.tag}` === node.key)
    const held =
      state.channels.find((ch) => ch.id === c?.channel)?.unacked.filter((d) => d.consumer === c?.tag)
        .length ?? 0
    return `${t('holds', { n: held })} · ${c?.prefetch ? t('prefetch', { n: c.prefetch }) : t('noLimit')}`
  }
  return ''
}

export function FlowDiagram({ run, frame, reducedMotion }: Props) {
  const t = useT(timelineMessages)
  const layout = layoutFrame(run, frame)
  const state = frame?.state ?? run.initial
  return (
    <svg
      className="flow"
      data-testid="timeline-diagram"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      role="img"
      aria-label={t('diagram')}
    >
      {layout.edges.map((e) => (
        <path
          key={e.key}
          d={e.path}
          className={`flow-edge${e.hot ? ' hot' : ''}${e.dashed ? ' dashed' : ''}${e.dl ? ' dl' : ''}`}
          data-edge={e.key}
        />
      ))}
      {layout.nodes.map((n) => (
        <g
          key={n.key}
          className={`flow-node ${n.kind}`}
          transform={`translate(${n.x},${n.y})`}
          data-node={n.key}
        >
          <rect width={NODE_W} height={NODE_H} rx={n.kind === 'exchange' ? 4 : 10} />
          <text x={10} y={18} className="flow-label">
            {n.kind === 'publisher'
              ? t('publisher')
              : n.kind === 'exchange' && n.label === ''
                ? t('defaultExchange')
                : n.label}
          </text>
          <text x={10} y={36} className="flow-detail">
            {detail(n, state, t)}
          </text>
        </g>
      ))}
      {!reducedMotion &&
        layout.trips.map((trip) => (
          // Keyed by frame so the motion restarts when the step changes.
          <g key={`${frame?.index ?? -1}:${trip.key}`} className="flow-trip">
            <circle r={6} opacity={0}>
              <animateMotion dur="0.9s" begin={`${trip.delay}s`} path={trip.path} fill="freeze" />
              <set attributeName="opacity" to="1" begin={`${trip.delay}s`} fill="freeze" />
            </circle>
          </g>
        ))}
    </svg>
  )
}
