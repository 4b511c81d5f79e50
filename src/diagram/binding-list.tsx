/**
 * The drawn bindings as text, for screen-reader and keyboard users (and anyone who prefers a list):
 * a closed <details> under the diagram; the list is built only while open, so a 1,000-binding
 * drawing costs nothing until asked.
 */
import { Fragment, type ReactNode, useState } from 'react'
import type { TopologySnapshot } from '../engine'
import { useT } from '../i18n/messages'
import { bindingItems } from './binding-items'
import { bindingListMessages } from './binding-list-messages'
import './binding-list.css'
import type { DiagramModel } from './diagram-types'

export function BindingList({
  topology,
  model,
  defaultExchange,
}: {
  topology: TopologySnapshot
  model: Pick<DiagramModel, 'ids' | 'vhost'>
  /** How the default exchange ('') is named. */
  defaultExchange: string
}) {
  const t = useT(bindingListMessages)
  const [open, setOpen] = useState(false)
  const n = model.ids.binding.size
  const name = (s: string) => (s === '' ? defaultExchange : s)
  /** The catalogue's text with each {placeholder} shown as code (names and keys are user text). */
  const rich = (template: string, params: Record<string, string>) => {
    const nodes: ReactNode[] = []
    let at = 0
    template.split(/\{(\w+)\}/).forEach((part, i) => {
      const key = `${at}`
      nodes.push(
        i % 2 === 1 ? <code key={key}>{params[part] ?? ''}</code> : <Fragment key={key}>{part}</Fragment>,
      )
      at += part.length + 1
    })
    return nodes
  }
  return (
    <details
      className="binding-list"
      data-testid="binding-list"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>{t('summary', { n })}</summary>
      {open && n === 0 && <p>{t('none')}</p>}
      {open && n > 0 && (
        <ul>
          {bindingItems(topology, model).map((b) => (
            <li key={b.id} data-binding={b.id}>
              {rich(t(b.destinationKind === 'queue' ? 'toQueue' : 'toExchange'), {
                source: name(b.source),
                destination: b.destination,
              })}
              {t('sep')}
              {b.match.kind === 'any'
                ? t('any')
                : b.match.kind === 'key'
                  ? rich(t('key'), { key: b.match.key === '' ? '""' : b.match.key })
                  : rich(t('args'), { args: b.match.args })}
            </li>
          ))}
        </ul>
      )}
    </details>
  )
}
