/**
 * Drawing on the diagram: a click on an exchange opens a small menu beside it (bind it to a queue or
 * exchange picked next, publish to it, show it in the script); a binding's edge can be selected and
 * removed (Delete). What to ask (a key, or headers arguments) is asked in place. The pane turns the
 * answers into callbacks; the playground turns those into script lines.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { BindingState } from '../engine'
import { useT } from '../i18n/messages'
import { diagramMessages } from './diagram-messages'
import type { DiagramEntity } from './diagram-types'

type Named = Extract<DiagramEntity, { kind: 'exchange' | 'queue' }>

export interface BindRequest {
  vhost: string
  source: string
  destination: string
  destinationType: 'queue' | 'exchange'
  key: string
  /** Headers arguments as script values (`format: pdf, pages: 3`), with `xMatch`. */
  args: { xMatch: 'all' | 'any'; text: string } | null
}

/** What the diagram can change; each call becomes a script line. */
export interface DiagramEditing {
  /** Returns a problem to show in place (the form stays), or null when done. */
  bind: (b: BindRequest) => string | null
  unbind: (binding: BindingState) => void
  publish: (vhost: string, exchange: string, key: string) => void
  reveal: (entity: Named) => void
  /** The key the publish menu starts with (the publish form's). */
  publishKey: () => string
}

export type EditState =
  | { kind: 'menu'; entity: Named; type: string; at: Point }
  | { kind: 'pick'; source: Named; type: string }
  | { kind: 'bind'; source: Named; type: string; destination: Named; at: Point }
  | { kind: 'binding'; binding: BindingState; edge: string; at: Point }
  /** Picking the message shown: every message (from the producer badge) or those a queue got. */
  | { kind: 'messages'; queue: Named | null; at: Point }
  | null

export interface Point {
  x: number
  y: number
}

export function Popover(props: { at: Point; label: string; onClose: () => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input, select, button')?.focus()
  }, [])
  return (
    <div
      ref={box}
      className="diagram-popover"
      role="dialog"
      aria-label={props.label}
      data-testid="diagram-popover"
      style={{ left: props.at.x, top: props.at.y }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        e.stopPropagation()
        props.onClose()
      }}
    >
      {props.children}
    </div>
  )
}

export function EditPopover(props: {
  state: EditState
  editing: DiagramEditing
  onState: (s: EditState) => void
}) {
  const t = useT(diagramMessages)
  const { state, editing, onState } = props
  const [key, setKey] = useState('')
  const [publishKey, setPublishKey] = useState(editing.publishKey)
  const [xMatch, setXMatch] = useState<'all' | 'any'>('all')
  const [problem, setProblem] = useState<string | null>(null)
  const close = () => onState(null)
  if (!state || state.kind === 'pick' || state.kind === 'messages') return null

  if (state.kind === 'menu') {
    const e = state.entity
    const name = e.name === '' ? t('defaultExchange') : e.name
    return (
      <Popover
        at={state.at}
        label={t(e.kind === 'exchange' ? 'nodeExchange' : 'nodeQueue', { name })}
        onClose={close}
      >
        <p className="diagram-popover-title">
          {t(e.kind === 'exchange' ? 'nodeExchange' : 'nodeQueue', { name })}
          {e.kind === 'exchange' && <span className="muted"> · {state.type}</span>}
        </p>
        {e.kind === 'exchange' && e.name !== '' && (
          <button
            type="button"
            data-testid="edit-bind"
            onClick={() => onState({ kind: 'pick', source: e, type: state.type })}
          >
            {t('editBind')}
          </button>
        )}
        {e.kind === 'exchange' && (
          <form
            className="diagram-popover-row"
            onSubmit={(ev) => {
              ev.preventDefault()
              editing.publish(e.vhost, e.name, publishKey)
              close()
            }}
          >
            <label>
              {t('editKey')}{' '}
              <input
                value={publishKey}
                data-testid="edit-publish-key"
                onChange={(ev) => setPublishKey(ev.target.value)}
              />
            </label>
            <button type="submit" data-testid="edit-publish">
              {t('editPublish')}
            </button>
          </form>
        )}
        <button
          type="button"
          onClick={() => {
            editing.reveal(e)
            close()
          }}
        >
          {t('editReveal')}
        </button>
      </Popover>
    )
  }

  if (state.kind === 'bind') {
    const headers = state.type === 'headers'
    const title = t('editBindTitle', { destination: state.destination.name, source: state.source.name })
    return (
      <Popover at={state.at} label={title} onClose={close}>
        <form
          onSubmit={(ev) => {
            ev.preventDefault()
            const error = editing.bind({
              vhost: state.source.vhost,
              source: state.source.name,
              destination: state.destination.name,
              destinationType: state.destination.kind,
              key: headers ? '' : key,
              args: headers ? { xMatch, text: key } : null,
            })
            setProblem(error)
            if (!error) close()
          }}
        >
          <p className="diagram-popover-title">{title}</p>
          {headers && (
            <label>
              x-match{' '}
              <select value={xMatch} onChange={(ev) => setXMatch(ev.target.value as 'all' | 'any')}>
                <option value="all">all</option>
                <option value="any">any</option>
              </select>
            </label>
          )}
          <label>
            {headers ? t('editArgs') : t('editBindingKey')}{' '}
            <input
              value={key}
              data-testid="edit-binding-key"
              placeholder={headers ? 'format: pdf, pages: 3' : state.type === 'topic' ? 'order.#' : ''}
              onChange={(ev) => setKey(ev.target.value)}
            />
          </label>
          {state.type === 'fanout' && <p className="muted">{t('editFanout')}</p>}
          {problem && (
            <p className="bad" role="alert">
              {problem}
            </p>
          )}
          <div className="diagram-popover-row">
            <button type="submit" className="primary" data-testid="edit-add-binding">
              {t('editAddBinding')}
            </button>
            <button type="button" onClick={close}>
              {t('editCancel')}
            </button>
          </div>
        </form>
      </Popover>
    )
  }

  const b = state.binding
  const what = `${b.source === '' ? t('defaultExchange') : b.source} → ${b.destination}`
  return (
    <Popover at={state.at} label={t('editBinding', { binding: what })} onClose={close}>
      <p className="diagram-popover-title">
        {t('editBinding', { binding: what })} {b.routing_key !== '' && <code>{b.routing_key}</code>}
      </p>
      <div className="diagram-popover-row">
        <button
          type="button"
          data-testid="edit-unbind"
          onClick={() => {
            editing.unbind(b)
            close()
          }}
        >
          {t('editUnbind')}
        </button>
        <button type="button" onClick={close}>
          {t('editCancel')}
        </button>
      </div>
    </Popover>
  )
}
