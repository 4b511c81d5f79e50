/**
 * The dedup stepper: the engine's binding evaluations one at a time, the set of queues growing (a
 * queue reached again is merged), then the final set with how many ways each queue was reached.
 */
import { useMemo, useState } from 'react'
import type { RunResult } from '../engine'
import { PlayerControls } from '../explain/player/player-controls'
import { StepperBody } from '../explain/player/stepper-body'
import { usePlayer } from '../explain/player/use-player'
import { reasonBrief, verdictBrief } from '../explain/routing-reason'
import { useT } from '../i18n/messages'
import { destinationText, viaText } from './binding-reason'
import { PublishPicker } from './publish-picker'
import { routeMessages } from './route-messages'
import { type DedupStep, dedupSteps, runningSet } from './route-steps'

export function DedupStepper({ run, initial = 0 }: { run: RunResult; initial?: number }) {
  const t = useT(routeMessages)
  const [selected, setSelected] = useState(initial)
  const pub = run.publishes[selected]
  const steps = useMemo(() => (pub ? dedupSteps(pub) : []), [pub])
  const player = usePlayer(steps.length, pub?.id ?? '')
  if (!pub) return null
  const { cursor } = player
  const current = cursor > 0 ? steps[cursor - 1] : undefined
  const set = runningSet(steps, cursor)

  const effectText = (s: DedupStep) => {
    if (s.kind === 'set') return ''
    if (s.effect === 'added' || s.effect === 'merged')
      return t(s.effect, { queue: s.kind === 'eval' ? s.evaluation.destination : s.routingKey })
    if (s.effect === 'to-exchange' && s.kind === 'eval')
      return t('toExchange', { exchange: s.evaluation.destination })
    return t('nothing')
  }
  const explain = !current
    ? t('notStarted')
    : current.kind === 'set'
      ? t('finalSet')
      : `${current.kind === 'eval' ? reasonBrief(current.evaluation, t) : t('lookup', { key: current.routingKey })} → ${effectText(current)}`

  return (
    <section className="stepper dedup-stepper" data-testid="stepper-dedup" aria-label={t('dedupTitle')}>
      <h4>{t('dedupTitle')}</h4>
      <PublishPicker publishes={run.publishes} selected={selected} onSelect={setSelected} />
      <StepperBody player={player} testId="dedup-body">
        <PlayerControls player={player} testId="dedup" />
        <p className="stepper-explain" data-testid="dedup-explain" aria-live="polite">
          {explain}
        </p>
        <ol className="eval-list">
          {steps.map((s, n) => {
            if (s.kind === 'set') return null
            const state = n < cursor ? (n === cursor - 1 ? 'is-current' : 'is-done') : 'is-pending'
            const done = n < cursor
            const matched = s.kind === 'eval' ? s.evaluation.matched : s.queueExists
            return (
              <li
                key={
                  s.kind === 'eval'
                    ? `${s.exchange}/${s.evaluation.bindingId}`
                    : `${s.exchange}/lookup/${s.routingKey}`
                }
                className={`eval-row ${state}`}
                data-testid="dedup-row"
                data-state={done ? (matched ? 'match' : 'no-match') : 'pending'}
              >
                <span className="eval-where">
                  <code>{s.exchange === '' ? '""' : s.exchange}</code>
                  {s.kind === 'eval' && <small> ({viaText(s.via, t)})</small>}
                </span>
                <span className="eval-binding">
                  {s.kind === 'eval'
                    ? t('binding', {
                        source: s.evaluation.source,
                        destination: destinationText(s.evaluation, t),
                        key: s.evaluation.routingKey,
                      })
                    : t('lookup', { key: s.routingKey })}
                  {done && s.kind === 'eval' && (
                    <small className="eval-reason" data-testid="dedup-reason">
                      {reasonBrief(s.evaluation, t)}
                    </small>
                  )}
                </span>
                <span className={`eval-verdict ${done ? (matched ? 'ok' : 'bad') : ''}`}>
                  {done ? `${matched ? '✓' : '✗'} ${verdictBrief(matched, t)}` : t('pending')}
                </span>
                <span className="eval-effect">{done ? effectText(s) : ''}</span>
              </li>
            )
          })}
        </ol>
        <div className="queue-set" data-testid="dedup-set">
          <strong>{current?.kind === 'set' ? t('finalSet') : t('runningSet')}:</strong>{' '}
          {set.length === 0 ? (
            <span className="muted">{t('emptySet')}</span>
          ) : (
            set.map((q) => (
              <span key={q} className="chip" data-queue={q}>
                {q}
              </span>
            ))
          )}
        </div>
        {current?.kind === 'set' && (
          <ul className="reached-by" data-testid="dedup-final">
            {current.queues.map((q) => (
              <li key={q.queue} data-queue={q.queue} data-reached={q.reachedBy.length}>
                {t('reachedBy', { queue: q.queue, n: q.reachedBy.length })}
              </li>
            ))}
          </ul>
        )}
      </StepperBody>
    </section>
  )
}
