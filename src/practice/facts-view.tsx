/**
 * Renders the engine's facts (explain-model.ts) as sentences; every name is React text, never HTML.
 * A binding's reason is worded by src/explain/routing-reason.ts, as in the why panel and lessons.
 */
import {
  directSentence,
  fanoutSentence,
  headerRowSentence,
  headersSentence,
  topicSentence,
} from '../explain/routing-reason'
import { useT } from '../i18n/messages'
import type { Fact } from './explain-model'
import { practiceMessages } from './practice-messages'

/** An empty name or key shows as "". */
const q = (s: string) => (s === '' ? '""' : s)

function FactLine({ fact }: { fact: Fact }) {
  const t = useT(practiceMessages)
  switch (fact.kind) {
    case 'topic':
      return <>{topicSentence(fact.b, fact.key, fact.matched, t, fact.patternWord, fact.keyWord)}</>
    case 'direct':
      return <>{directSentence(fact.b, fact.key, fact.matched, t)}</>
    case 'fanout':
      return <>{fanoutSentence(fact.b, t)}</>
    case 'headers':
      return (
        <>
          {headersSentence(fact.b, fact.xMatch, t)}
          <ul>
            {fact.rows.map((r) => (
              <li key={r.key}>{headerRowSentence(r, t)}</li>
            ))}
          </ul>
        </>
      )
    case 'default':
      return <>{t(fact.queueExists ? 'factDefaultYes' : 'factDefaultNo', { key: q(fact.key) })}</>
    case 'not-reached':
      return <>{t('factNotReached', { queue: fact.queue })}</>
    case 'alternate':
      return (
        <>
          {t('factAlternate', {
            exchange: q(fact.exchange),
            ae: q(fact.ae),
            status: t(`ae_${fact.status}` as 'ae_used'),
          })}
        </>
      )
    case 'mandatory':
      return (
        <>
          {t(fact.mandatory ? 'factMandatoryOn' : 'factMandatoryOff', {
            outcome: t(`outcome_${fact.outcome}` as 'outcome_routed'),
          })}
        </>
      )
    case 'unvisited':
      return <>{t('factUnvisited', { binding: fact.binding, exchange: q(fact.exchange) })}</>
    case 'contrast':
      return <>{t('factContrast', { key: q(fact.key), queue: fact.queue })}</>
    case 'left':
      return (
        <>
          {t(`factLeft_${fact.how}` as 'factLeft_expired', { queue: fact.queue })}{' '}
          {fact.how !== 'rejected' || fact.dlx !== null
            ? fact.dlx === null
              ? t('factNoDlx')
              : t('factDlx', { exchange: q(fact.dlx) })
            : ''}
        </>
      )
    case 'dead-lettered':
      return (
        <>
          {fact.queue === null
            ? t(fact.outcome === 'no-exchange' ? 'factDeadMissing' : 'factDeadNowhere', {
                from: fact.from,
                exchange: q(fact.exchange),
              })
            : t('factDeadReached', { from: fact.from, exchange: q(fact.exchange), queue: fact.queue })}
        </>
      )
  }
}

/** The same fact can explain both a wrong queue mark and a wrong binding mark: say it once. */
function distinct(facts: Fact[]): Fact[] {
  const seen = new Set<string>()
  return facts.filter((f) => {
    const key = JSON.stringify(f)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

export default function FactsView({ facts, testId }: { facts: Fact[]; testId?: string }) {
  return (
    <ul className="practice-facts" data-testid={testId}>
      {distinct(facts).map((f, i) => (
        // Facts are a fixed list per render; the index is a stable key here.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <li key={i} className={`fact fact-${f.kind}`}>
          <FactLine fact={f} />
        </li>
      ))}
    </ul>
  )
}
