/**
 * A homework page's real-broker part (homework 06 and 08): the task's scenario as lab kits, the
 * observation pasted back and compared with the engine's prediction, and the last observation
 * recorded per homework ("observed on RabbitMQ X.Y") in this browser. A homework whose timeline
 * needs several clients (04) gets no kit, and the page says why.
 */
import { useEffect, useMemo, useState } from 'react'
import type { Scenario, SimOp } from '../../engine'
import { useT } from '../../i18n/messages'
import { diffObservation } from '../../lab-core/diff'
import { type Observation, parseObservation } from '../../lab-core/observation'
import { type LabPlan, planFromScenario, planFromSimSteps, predict } from '../../lab-core/plan'
import { DiffView } from '../../lab-widgets/diff-view'
import { KitDownloads } from '../../lab-widgets/kit-downloads'
import { ObservationInput } from '../../lab-widgets/observation-input'
import { observeMessages } from '../../lab-widgets/observe-messages'
import { localKeys } from '../../storage/key-store'
import type { HomeworkTask } from '../content/types'
import { homeworkLabMessages } from './homework-lab-messages'
import '../../lab-widgets/observe.css'

const STORAGE_KEY = 'amqp-playground.homework-observations.v1'

type Saved = Record<string, string>

function readSaved(): Saved {
  try {
    const v = JSON.parse(localKeys.read(STORAGE_KEY) ?? '{}') as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Saved) : {}
  } catch {
    return {}
  }
}

const timelines = import.meta.glob<{ profile?: string; steps: SimOp[] }>('../../../lessons/timeline/*.json', {
  import: 'default',
})

/** Timeline steps a lab kit can replay: one confirm channel, topology and publishes in order. */
const REPLAYABLE = new Set([
  'confirm.select',
  'exchange.declare',
  'queue.declare',
  'bind',
  'unbind',
  'exchange.delete',
  'queue.delete',
  'publish',
])

/** The task's plan, or null when its timeline needs more than one client (consumers, connections). */
async function loadPlan(task: HomeworkTask): Promise<LabPlan | null> {
  const title = `homework ${String(task.number).padStart(2, '0')}`
  if (task.scenarioFile) {
    const r = await fetch(new URL(task.scenarioFile, document.baseURI))
    if (!r.ok) throw new Error(`${r.status} ${task.scenarioFile}`)
    return planFromScenario((await r.json()) as Scenario, title)
  }
  const load = timelines[`../../../lessons/timeline/${task.timeline}.json`]
  if (!load) throw new Error(`no timeline ${task.timeline}`)
  const t = await load()
  if (t.steps.some((s) => !REPLAYABLE.has(s.op))) return null
  return planFromSimSteps(t.steps, { title, profile: t.profile as LabPlan['profile'] | undefined })
}

export default function HomeworkLab({ task }: { task: HomeworkTask }) {
  const t = useT(homeworkLabMessages)
  const to = useT(observeMessages)
  const [plan, setPlan] = useState<LabPlan | null | 'none'>(null)
  const [error, setError] = useState<string | null>(null)
  const [observation, setObservation] = useState<Observation | null>(null)
  const [unsaved, setUnsaved] = useState(false)

  useEffect(() => {
    let stale = false
    loadPlan(task).then(
      (p) => {
        if (stale) return
        setPlan(p ?? 'none')
        if (!p) return
        const text = readSaved()[task.id]
        if (!text) return
        try {
          setObservation(parseObservation(text, p.fingerprint))
        } catch {
          /* a record of an older scenario: not shown */
        }
      },
      (e: Error) => !stale && setError(e.message),
    )
    return () => {
      stale = true
    }
  }, [task])

  const ready = plan === 'none' ? null : plan
  const prediction = useMemo(() => (ready ? predict(ready) : null), [ready])
  const differences = useMemo(
    () =>
      ready && prediction && observation ? diffObservation(ready, prediction, observation).differences : 0,
    [ready, prediction, observation],
  )

  const keep = (obs: Observation, text: string) => {
    setObservation(obs)
    const saved = { ...readSaved(), [task.id]: text }
    setUnsaved(localKeys.write(STORAGE_KEY, JSON.stringify(saved)) !== 'saved')
  }
  const forget = () => {
    const { [task.id]: _gone, ...rest } = readSaved()
    localKeys.write(STORAGE_KEY, JSON.stringify(rest))
    setObservation(null)
  }

  if (error) return <p role="alert">{t('failed', { error })}</p>
  if (plan === 'none')
    return (
      <p className="muted" data-testid="homework-no-kit">
        {t('noKit')}
      </p>
    )
  if (!ready || !prediction) return <p className="loading">{t('loading')}</p>
  const p = ready
  return (
    <section className="homework-lab" data-testid="homework-lab">
      <h4>{t('heading')}</h4>
      <p className="muted">{t('intro')}</p>
      <KitDownloads plan={p} />
      <ObservationInput fingerprint={p.fingerprint} onObservation={keep} />
      {observation && (
        <>
          <p data-testid="homework-observed">
            {t('recorded', {
              product: observation.broker.product,
              version: observation.broker.version,
              kit: to(`kitName_${observation.kit}`),
              time: `${observation.observed_at.slice(0, 10)}`,
              result: differences ? t('recordedDiffer', { count: differences }) : t('recordedAgree'),
            })}{' '}
            <button type="button" className="link-button" onClick={forget} data-testid="homework-forget">
              {t('forget')}
            </button>
          </p>
          {unsaved && <p className="muted">{t('notSaved')}</p>}
          <DiffView plan={p} prediction={prediction} observation={observation} />
        </>
      )}
    </section>
  )
}
