/**
 * The unroutable stepper: exchange found? → bindings (per exchange visited, with alternate
 * exchanges) → any queue? → mandatory → routed / basic.return 312 / dropped, or a 404 that closes the
 * channel. Every box is a fact from the engine's PublishExplanation.
 */
import { useMemo, useState } from 'react'
import type { RunResult } from '../engine'
import { PlayerControls } from '../explain/player/player-controls'
import { StepperBody } from '../explain/player/stepper-body'
import { usePlayer } from '../explain/player/use-player'
import { useT } from '../i18n/messages'
import { viaText } from './binding-reason'
import { PublishPicker } from './publish-picker'
import { routeMessages } from './route-messages'
import { type UnroutableStep, unroutableSteps } from './route-steps'

type T = ReturnType<typeof useT<keyof (typeof routeMessages)['en']>>

function stepText(s: UnroutableStep, t: T): { text: string; tone: 'ok' | 'bad' | 'neutral' } {
  const list = (xs: string[]) => (xs.length ? xs.join(', ') : '—')
  switch (s.kind) {
    case 'exchange':
      if (s.found) return { text: t('stepExchangeFound', { exchange: s.exchange }), tone: 'ok' }
      return {
        text: `${t('stepExchangeMissing', { exchange: s.exchange })}${s.error ? ` ${t('stepChannelClosed', s.error)}` : ''}`,
        tone: 'bad',
      }
    case 'bindings': {
      const matched = s.matched.length
      const head = s.isDefault
        ? t('stepDefault', { matched })
        : t('stepBindings', { exchange: s.exchange, via: viaText(s.via, t), checked: s.checked, matched })
      const tail = matched ? ` ${t('stepMatched', { list: list(s.matched.map((m) => m.destination)) })}` : ''
      return { text: head + tail, tone: matched ? 'ok' : 'bad' }
    }
    case 'alternate':
      if (s.status === 'used') return { text: t('stepAeUsed', s), tone: 'ok' }
      return { text: t(s.status === 'missing' ? 'stepAeMissing' : 'stepAeSeen', s), tone: 'bad' }
    case 'queues':
      return s.queues.length
        ? { text: t('stepQueues', { list: list(s.queues) }), tone: 'ok' }
        : { text: t('stepNoQueues'), tone: 'bad' }
    case 'mandatory':
      return { text: t(s.mandatory ? 'stepMandatoryOn' : 'stepMandatoryOff'), tone: 'neutral' }
    case 'outcome': {
      const o = s.outcome
      if (o.kind === 'routed') return { text: t('outcomeRouted'), tone: 'ok' }
      if (o.kind === 'returned') return { text: t('outcomeReturned'), tone: 'bad' }
      if (o.kind === 'dropped') return { text: t('outcomeDropped'), tone: 'bad' }
      return { text: t('outcomeError', { code: o.code }), tone: 'bad' }
    }
  }
}

export function UnroutableStepper({ run, initial }: { run: RunResult; initial?: number }) {
  const t = useT(routeMessages)
  // without a step's message, start on the first publish that is not plainly routed
  const firstInteresting = Math.max(
    0,
    run.publishes.findIndex((p) => p.outcome.kind !== 'routed'),
  )
  const [selected, setSelected] = useState(initial ?? firstInteresting)
  const pub = run.publishes[selected]
  const steps = useMemo(() => (pub ? unroutableSteps(pub) : []), [pub])
  const player = usePlayer(steps.length, pub?.id ?? '')
  if (!pub) return null
  const { cursor } = player

  return (
    <section
      className="stepper unroutable-stepper"
      data-testid="stepper-unroutable"
      aria-label={t('unroutableTitle')}
    >
      <h4>{t('unroutableTitle')}</h4>
      <PublishPicker publishes={run.publishes} selected={selected} onSelect={setSelected} />
      <StepperBody player={player} testId="unroutable-body">
        <PlayerControls player={player} testId="unroutable" />
        {cursor === 0 && <p className="stepper-explain">{t('notStartedPath')}</p>}
        <ol className="decision-path" aria-label={t('decision')}>
          {steps.slice(0, cursor).map((s, n) => {
            const { text, tone } = stepText(s, t)
            return (
              <li
                // steps are a fixed list for this publish; position is their identity
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed list per publish
                key={n}
                className={`decision tone-${tone}${n === cursor - 1 ? ' is-current' : ''}`}
                data-testid="unroutable-step"
                data-kind={s.kind}
              >
                <span className="decision-mark" aria-hidden="true">
                  {tone === 'ok' ? '✓' : tone === 'bad' ? '✗' : '•'}
                </span>{' '}
                {text}
              </li>
            )
          })}
        </ol>
      </StepperBody>
    </section>
  )
}
