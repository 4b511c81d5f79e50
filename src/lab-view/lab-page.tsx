/**
 * The lab view: the playground's current scenario taken to a real RabbitMQ — lab kits to run
 * yourself, an observation pasted back, or live mode — and the prediction set beside what the
 * broker did. Routing answers come from the engine (lab-core's predict), never from this page.
 */
import { useEffect, useState } from 'react'
import { useT } from '../i18n/messages'
import type { Observation } from '../lab-core/observation'
import { DiffView } from '../lab-widgets/diff-view'
import { KitDownloads } from '../lab-widgets/kit-downloads'
import { ObservationInput } from '../lab-widgets/observation-input'
import { observeMessages } from '../lab-widgets/observe-messages'
import { navigate } from '../store/url-route'
import { useCurrentPlan } from './current-plan'
import { labMessages } from './lab-messages'
import { LivePanel } from './live-panel'
import '../lab-widgets/observe.css'
import './lab.css'

export default function LabPage() {
  const t = useT(labMessages)
  const to = useT(observeMessages)
  const { plan, prediction, errors } = useCurrentPlan()
  const [observation, setObservation] = useState<Observation | null>(null)

  // An observation belongs to one plan: a changed script drops it.
  useEffect(() => {
    setObservation((o) => (o && plan && o.scenario === plan.fingerprint ? o : null))
  }, [plan])

  const messages = plan?.steps.filter((s) => s.op === 'publish').length ?? 0
  return (
    <section className="lab" data-testid="lab">
      <h2>{t('heading')}</h2>
      <p className="muted">{t('intro')}</p>
      {plan ? (
        <p data-testid="lab-scenario">
          {t('scenarioLine', {
            steps: plan.steps.length,
            messages,
            profile: plan.profile,
            fingerprint: plan.fingerprint,
          })}{' '}
          <button type="button" className="link-button" onClick={() => navigate('playground')}>
            {t('backToPlayground')}
          </button>
        </p>
      ) : (
        <p role="alert" data-testid="lab-no-plan">
          {errors ? t('scriptErrors', { count: errors }) : to('emptyPlan')}{' '}
          <button type="button" className="link-button" onClick={() => navigate('playground')}>
            {t('backToPlayground')}
          </button>
        </p>
      )}
      <div className="lab-grid">
        <div className="lab-col">
          {plan && (
            <section className="panel" aria-labelledby="lab-kits">
              <h3 id="lab-kits">{to('kitsHeading')}</h3>
              <p className="muted">{to('kitsIntro')}</p>
              <KitDownloads plan={plan} />
            </section>
          )}
        </div>
        <div className="lab-col">
          {plan && (
            <section className="panel" aria-labelledby="lab-paste">
              <h3 id="lab-paste">{t('pasteHeading')}</h3>
              <ObservationInput fingerprint={plan.fingerprint} onObservation={(o) => setObservation(o)} />
            </section>
          )}
          <section className="panel" aria-labelledby="lab-live">
            <h3 id="lab-live">{t('liveHeading')}</h3>
            <LivePanel plan={plan} onObservation={setObservation} />
          </section>
        </div>
      </div>
      {plan && prediction && observation && (
        <section className="panel">
          <DiffView plan={plan} prediction={prediction} observation={observation} />
        </section>
      )}
    </section>
  )
}
