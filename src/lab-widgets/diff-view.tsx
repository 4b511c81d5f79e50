/**
 * Prediction beside observation, per message, per queue and per refused step; every difference is
 * marked (a word and a sign, not colour alone) and the first one explained.
 */
import { useMemo } from 'react'
import { ScrollX } from '../components/scroll-x'
import { Verdict } from '../components/verdict'
import type { RunResult } from '../engine'
import { useT } from '../i18n/messages'
import { diffObservation, type LabDiff } from '../lab-core/diff'
import type { Observation } from '../lab-core/observation'
import type { LabPlan } from '../lab-core/plan'
import { FirstDifferenceText, fateText, stepText } from './first-difference'
import { observeMessages } from './observe-messages'

export function DiffView({
  plan,
  prediction,
  observation,
}: {
  plan: LabPlan
  prediction: RunResult
  observation: Observation
}) {
  const t = useT(observeMessages)
  const diff: LabDiff = useMemo(
    () => diffObservation(plan, prediction, observation),
    [plan, prediction, observation],
  )
  const mark = (same: boolean) => <Verdict ok={same} yes={t('same')} no={t('differs')} />
  const ids = (list: string[] | null) =>
    list === null ? t('noQueue') : list.length === 0 ? t('emptyQueue') : list.join(', ')
  const o = observation
  return (
    <section className="diff-view" data-testid="diff-view" data-differences={diff.differences}>
      <h3>{t('diffHeading')}</h3>
      <p data-testid="observed-on">
        {t('observedOn', {
          product: o.broker.product,
          version: o.broker.version,
          kit: t(`kitName_${o.kit}`),
          time: `${o.observed_at.replace('T', ' ').slice(0, 19)} UTC`,
        })}
      </p>
      {o.topology_from !== undefined && (
        <p className="muted">{t('topologyFrom', { vhost: o.topology_from })}</p>
      )}
      <p
        className={diff.differences ? 'diff-summary diff-bad' : 'diff-summary diff-ok'}
        data-testid="diff-summary"
      >
        {diff.differences
          ? t('disagree', { count: diff.differences })
          : t('agree', { messages: diff.messages.length, queues: diff.queues.length })}
      </p>
      {diff.first && <FirstDifferenceText first={diff.first} />}
      {diff.nearMisses.length > 0 && (
        <div className="near-misses" data-testid="near-misses">
          <h4>{t('nearHeading')}</h4>
          <ul>
            {diff.nearMisses.map((n) => (
              <li key={`${n.message}\u0000${n.exchange}\u0000${n.destination}\u0000${n.bindingKey}`}>
                {t('nearMiss', { ...n })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h4>{t('messagesHeading')}</h4>
      <ScrollX>
        <table className="diff-table" data-testid="diff-messages">
          <thead>
            <tr>
              <th>{t('colMessage')}</th>
              <th>{t('colPredicted')}</th>
              <th>{t('colObserved')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {diff.messages.map((m) => (
              <tr key={m.id} data-message={m.id} data-same={m.same} className={m.same ? '' : 'diff-row-bad'}>
                <td>
                  <code>{m.id}</code>
                  {m.unknown && <span className="muted"> {t('unknownMessage')}</span>}
                </td>
                <td>{fateText(t, m.predicted)}</td>
                <td>{fateText(t, m.observed)}</td>
                <td>{mark(m.same)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      <h4>{t('queuesHeading')}</h4>
      <ScrollX>
        <table className="diff-table" data-testid="diff-queues">
          <thead>
            <tr>
              <th>{t('colQueue')}</th>
              <th>{t('colPredicted')}</th>
              <th>{t('colObserved')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {diff.queues.map((q) => (
              <tr
                key={q.queue}
                data-diff-queue={q.queue}
                data-same={q.same}
                className={q.same ? '' : 'diff-row-bad'}
              >
                <td>
                  <code>{q.queue}</code>
                </td>
                <td>{ids(q.predicted)}</td>
                <td>{ids(q.observed)}</td>
                <td>{mark(q.same)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      {diff.steps.length > 0 && (
        <>
          <h4>{t('stepsHeading')}</h4>
          <ScrollX>
            <table className="diff-table" data-testid="diff-steps">
              <thead>
                <tr>
                  <th>{t('colStep')}</th>
                  <th>{t('colPredicted')}</th>
                  <th>{t('colObserved')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {diff.steps.map((s) => (
                  <tr key={s.id} data-step={s.id} data-same={s.same} className={s.same ? '' : 'diff-row-bad'}>
                    <td>
                      <code>{s.id}</code>
                    </td>
                    <td>{stepText(t, s.predicted)}</td>
                    <td>{stepText(t, s.observed)}</td>
                    <td>{mark(s.same)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
          <p className="muted">{t('textsNote')}</p>
        </>
      )}
    </section>
  )
}
