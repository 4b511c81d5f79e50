/** The first difference between prediction and observation, in words (explain.ts gives the facts). */
import { useT } from '../i18n/messages'
import type { Fate } from '../lab-core/diff-rows'
import type { FirstDifference } from '../lab-core/explain'
import { observeMessages } from './observe-messages'

type T = ReturnType<typeof useT<keyof (typeof observeMessages)['en']>>

export function fateText(t: T, f: Fate): string {
  if (f.error) return t('refused', { code: `${f.error.code} (${f.error.text})` })
  if (f.returned) return t('fateReturned')
  if (f.nacked) return t('fateNacked')
  if (f.queues.length) return t('fateQueues', { queues: f.queues.join(', ') })
  return t('fateDropped')
}

export function stepText(t: T, e: { code: number; text: string } | null): string {
  return e ? t('refused', { code: `${e.code} (${e.text})` }) : t('accepted')
}

export function FirstDifferenceText({ first }: { first: FirstDifference }) {
  const t = useT(observeMessages)
  let text: string
  let more: string | null = null
  switch (first.kind) {
    case 'typo':
      text = t('first_typo', {
        at: first.at,
        exchange: first.exchange,
        destination: first.destination,
        observedKey: first.observedKey,
        predictedKey: first.predictedKey,
        publishedKey: first.publishedKey ?? '',
      })
      if (first.close) more = t('typoClose')
      break
    case 'binding-missing':
    case 'binding-extra':
      text = t(`first_${first.kind}`, {
        at: first.at,
        exchange: first.exchange,
        destination: first.destination,
        key: first.key,
      })
      break
    case 'missing-queue':
    case 'extra-queue':
      text = t(`first_${first.kind}`, { at: first.at, queue: first.queue })
      break
    case 'profile':
      text = t('first_profile', {
        at: first.at,
        profile: first.profile,
        version: first.brokerVersion,
        suggested: first.suggested ?? '',
      })
      break
    case 'step':
      text = t('first_step', {
        at: first.at,
        stage: first.stage,
        predicted: stepText(t, first.predicted),
        observed: stepText(t, first.observed),
      })
      break
    case 'message':
      text = t('first_message', {
        at: first.at,
        predicted: fateText(t, first.predicted),
        observed: fateText(t, first.observed),
      })
      break
    case 'queue':
      text = t('first_queue', { queue: first.queue })
      break
  }
  return (
    <div className="first-difference" data-testid="first-difference" data-kind={first.kind}>
      <h4>{t('firstHeading')}</h4>
      <p>{text}</p>
      {more && <p>{more}</p>}
    </div>
  )
}
