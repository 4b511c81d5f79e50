/**
 * A step's topology in words, the engine's result for its messages ("Run here"), and the way into the
 * playground with the same scenario.
 */
import { type MouseEvent, useState } from 'react'
import type { JsonValue, PublishExplanation, RunResult, Scenario } from '../engine'
import { useT } from '../i18n/messages'
import type { LessonStep } from './content-types'
import { lessonsMessages } from './lessons-messages'
import { openInPlaygroundIfAvailable, playgroundLink, scriptLink } from './open-scenario'

type T = ReturnType<typeof useT<keyof (typeof lessonsMessages)['en']>>

const show = (name: string) => (name === '' ? '""' : name)
const args = (a?: { [k: string]: JsonValue }) => (a && Object.keys(a).length ? ` ${JSON.stringify(a)}` : '')

function outcomeLine(p: PublishExplanation, t: T): { text: string; ok: boolean } {
  const base = { id: p.id, key: p.routingKeys[0] ?? '' }
  const o = p.outcome
  if (o.kind === 'routed')
    return { text: t('toQueues', { ...base, queues: p.queues.map((q) => q.queue).join(', ') }), ok: true }
  if (o.kind === 'returned') return { text: t('returned', base), ok: false }
  if (o.kind === 'dropped') return { text: t('dropped', base), ok: false }
  return { text: t('error', { ...base, code: o.code, text: o.text }), ok: false }
}

export function StepRun({ step, run }: { step: LessonStep; run: RunResult }) {
  const t = useT(lessonsMessages)
  const [shown, setShown] = useState(false)
  const source = step.scenario ?? step.script?.text
  if (source === undefined) return null
  const link = typeof source === 'string' ? scriptLink(source) : playgroundLink(source)
  const onOpen = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault()
    if (!(await openInPlaygroundIfAvailable(source))) window.location.assign(link)
  }
  return (
    <section className="step-run panel" data-testid="step-run">
      <h4>{t('topology')}</h4>
      {typeof source === 'string' ? (
        <pre className="step-script" data-testid="step-script">
          {source}
        </pre>
      ) : (
        <ScenarioSummary scenario={source} />
      )}
      <div className="step-run-actions">
        <button type="button" onClick={() => setShown(true)} data-testid="run-here" aria-expanded={shown}>
          {t('runHere')}
        </button>
        <a href={link} onClick={onOpen} data-testid="open-playground" className="button-link">
          {t('openPlayground')}
        </a>
      </div>
      {shown && (
        <div data-testid="run-result" aria-live="polite">
          <h5>{t('runResult')}</h5>
          <ul className="run-lines">
            {run.publishes.map((p) => {
              const line = outcomeLine(p, t)
              return (
                <li
                  key={p.id}
                  data-publish={p.id}
                  data-outcome={p.outcome.kind}
                  className={line.ok ? 'ok' : 'bad'}
                >
                  {line.text}
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </section>
  )
}

function ScenarioSummary({ scenario }: { scenario: Scenario }) {
  const t = useT(lessonsMessages)
  return (
    <dl className="topology">
      <dt>{t('exchanges')}</dt>
      <dd>
        {(scenario.exchanges ?? []).length === 0
          ? t('defaultExchange')
          : (scenario.exchanges ?? []).map((x) => (
              <code key={x.name}>
                {x.name} ({x.type}){args(x.arguments)}
              </code>
            ))}
      </dd>
      <dt>{t('queues')}</dt>
      <dd>
        {(scenario.queues ?? []).map((q) => (
          <code key={q.name}>{q.name}</code>
        ))}
      </dd>
      <dt>{t('bindings')}</dt>
      <dd>
        {(scenario.bindings ?? []).length === 0
          ? t('none')
          : (scenario.bindings ?? []).map((b, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: bindings are a fixed list
              <code key={n}>
                {show(b.source)} → {b.destination} [{show(b.routing_key)}]{args(b.arguments)}
              </code>
            ))}
      </dd>
      <dt>{t('publishes')}</dt>
      <dd>
        {(scenario.publishes ?? []).map((p) => (
          <code key={p.id}>
            {p.id}: {show(p.exchange)} ← “{p.routing_key}”{p.mandatory ? ` (${t('mandatory')})` : ''}
            {p.headers ? ` ${t('headers', { headers: JSON.stringify(p.headers) })}` : ''}
          </code>
        ))}
      </dd>
    </dl>
  )
}
