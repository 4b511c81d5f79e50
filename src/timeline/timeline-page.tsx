/**
 * The timeline view (`?view=timeline`, optionally `&scenario=ID`): pick a scenario, then step, play or
 * go back through it. Every step shows the queues and consumers on a diagram and as cards, what
 * happened in words, and where each event id went. The engine plays the script in the Worker once;
 * moving through it only changes which stored frame is shown.
 */
import { useMemo, useRef, useState } from 'react'
import { ScrollX } from '../components/scroll-x'
import type { TimelineScript } from '../engine'
import { PlayerControls } from '../explain/player/player-controls'
import { StepperBody } from '../explain/player/stepper-body'
import { usePlayer, useReducedMotion } from '../explain/player/use-player'
import { FateTable } from '../explain/sim-views/fate-table'
import { FlowDiagram } from '../explain/sim-views/flow-diagram'
import { QueueCards } from '../explain/sim-views/queue-cards'
import { StepEvents } from '../explain/sim-views/step-events'
import { StepList } from '../explain/sim-views/step-list'
import { timelineMessages } from '../explain/sim-views/timeline-messages'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { setParams, useRoute } from '../store/url-route'
import { CustomScript } from './custom-script'
import { TIMELINE_LESSONS, type TimelineLesson } from './lesson-data'
import { useTimelineRun } from './use-timeline-run'
import './timeline.css'

const PLAY_MS = 1400
const CUSTOM = 'custom'
/** Each run the Worker returns gets a number, so playing it again starts before the first step. */
let nextRunId = 1
const playable = TIMELINE_LESSONS.filter((l): l is TimelineLesson => 'script' in l)
const broken = TIMELINE_LESSONS.filter((l) => 'error' in l) as { id: string; error: string }[]

function initialScenario(): string {
  const wanted = useRoute.getState().params.scenario
  return playable.find((l) => l.id === wanted)?.id ?? playable[0]?.id ?? ''
}

export default function TimelinePage() {
  const t = useT(timelineMessages)
  const lang = useLanguage((s) => s.lang)
  const [scenarioId, setScenarioId] = useState(initialScenario)
  const lesson = playable.find((l) => l.id === scenarioId) ?? null
  const [custom, setCustom] = useState<TimelineScript | null>(null)
  const script = useMemo(
    () => (scenarioId === CUSTOM ? custom : (lesson?.script ?? null)),
    [scenarioId, custom, lesson],
  )
  const result = useTimelineRun(script)
  const [reducedMotion, setReducedMotion] = useReducedMotion()
  const run = result.status === 'ready' ? result.run : null
  const total = run?.frames.length ?? 0
  // a new run (another scenario, or the same custom script played again) starts before the first step
  const runIds = useRef(new WeakMap<object, number>())
  if (run && !runIds.current.has(run)) runIds.current.set(run, nextRunId++)
  const player = usePlayer(total, run ? `${scenarioId}:${runIds.current.get(run)}` : 'none', {
    delayMs: PLAY_MS,
    firstDelayMs: 200,
  })
  const cursor = player.cursor

  const choose = (id: string) => {
    setScenarioId(id)
    setParams({ scenario: id })
  }
  const move = player.setCursor

  const frame = run && cursor > 0 ? (run.frames[cursor - 1] ?? null) : null
  const state = frame?.state ?? run?.initial ?? null

  return (
    <div className="timeline-page" data-testid="timeline-page">
      <header className="tl-head panel">
        <h2>{t('heading')}</h2>
        <label>
          {t('scenario')}{' '}
          <select data-testid="timeline-scenario" value={scenarioId} onChange={(e) => choose(e.target.value)}>
            {playable.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title[lang]}
              </option>
            ))}
            <option value={CUSTOM}>{t('custom')}</option>
          </select>
        </label>
        {lesson && <p className="tl-intro">{lesson.intro[lang]}</p>}
        {scenarioId === CUSTOM && (
          <CustomScript
            onPlay={(s) => {
              setCustom(s)
            }}
          />
        )}
        {broken.map((b) => (
          <p key={b.id} className="tl-broken" role="alert">
            {b.error}
          </p>
        ))}
      </header>
      {result.status === 'loading' && <p className="panel">{t('loading')}</p>}
      {result.status === 'failed' && (
        <p className="panel tl-broken" role="alert">
          {t('failed', { error: result.error })}
        </p>
      )}
      {run && state && (
        <>
          <StepperBody player={player} testId="timeline-body">
            <PlayerControls
              player={player}
              testId="timeline"
              slider
              motion={{ reduced: reducedMotion, setReduced: setReducedMotion }}
            />
          </StepperBody>
          <div className="tl-body">
            <aside className="panel tl-script">
              <h3>{t('steps')}</h3>
              <StepList frames={run.frames} cursor={cursor} lang={lang} onJump={move} />
            </aside>
            <div className="tl-main">
              <section className="panel tl-diagram">
                <h3>{t('diagram')}</h3>
                <ScrollX className="tl-diagram-scroll">
                  <FlowDiagram run={run} frame={frame} reducedMotion={reducedMotion} />
                </ScrollX>
              </section>
              <div className="panel">
                <StepEvents events={frame?.events ?? []} />
              </div>
              <div className="panel">
                <QueueCards state={state} />
              </div>
              <div className="panel">
                <FateTable fates={state.fates} />
              </div>
              {lesson && cursor >= total && (
                <section className="panel tl-takeaway" data-testid="timeline-takeaway">
                  <h3>{t('takeaway')}</h3>
                  <p>{lesson.takeaway[lang]}</p>
                </section>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  )
}
