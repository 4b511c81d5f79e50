/**
 * A step's topology in words (for reading aloud or a screen reader), the engine's result for every
 * message once the step's question is answered, and the way into the playground with the same case.
 */
import type { MouseEvent } from 'react'
import type { JsonValue, RunResult, Scenario } from '../engine'
import { useT } from '../i18n/messages'
import type { LessonStep } from './content-types'
import { lessonsMessages } from './lessons-messages'
import { openInPlaygroundIfAvailable, playgroundLink, scriptLink } from './open-scenario'
import { AnswerText } from './predict-panel'

const show = (name: string) => (name === '' ? '""' : name)
const args = (a?: { [k: string]: JsonValue }) => (a && Object.keys(a).length ? ` ${JSON.stringify(a)}` : '')

/** Every message of the step with the engine's outcome (shown once the step's question is answered). */
export function RunLines({ run }: { run: RunResult }) {
  const t = useT(lessonsMessages)
  return (
    <div data-testid="run-result">
      <h4>{t('runResult')}</h4>
      <ul className="run-lines">
        {run.publishes.map((p) => (
          <li
            key={p.id}
            data-publish={p.id}
            data-outcome={p.outcome.kind}
            className={p.outcome.kind === 'routed' ? 'ok' : 'bad'}
          >
            <AnswerText p={p} t={t} />
          </li>
        ))}
      </ul>
    </div>
  )
}

export function StepRun({ step }: { step: LessonStep }) {
  const t = useT(lessonsMessages)
  const source = step.scenario ?? step.script?.text
  if (source === undefined) return null
  const link = typeof source === 'string' ? scriptLink(source) : playgroundLink(source)
  const onOpen = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault()
    if (!(await openInPlaygroundIfAvailable(source))) window.location.assign(link)
  }
  return (
    <section className="step-run" data-testid="step-run">
      <details className="step-topology">
        <summary>{t('topology')}</summary>
        {typeof source === 'string' ? (
          <pre className="step-script" data-testid="step-script">
            {source}
          </pre>
        ) : (
          <ScenarioSummary scenario={source} />
        )}
      </details>
      <a href={link} onClick={onOpen} data-testid="open-playground" className="button-link">
        {t('openPlayground')}
      </a>
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
