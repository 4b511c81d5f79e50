/**
 * A time-ordered story inside a lesson step: the engine plays the script (consumers, acks, a worker
 * that stops) and the timeline's own player and views show it frame by frame.
 */
import { useMemo, useState } from 'react'
import { ScrollX } from '../components/scroll-x'
import { type ProfileName, runTimeline, type TimelineRun, type TimelineScript } from '../engine'
import { PlayerControls } from '../explain/player/player-controls'
import { StepperBody } from '../explain/player/stepper-body'
import { usePlayer, useReducedMotion } from '../explain/player/use-player'
import { FlowDiagram } from '../explain/sim-views/flow-diagram'
import { QueueCards } from '../explain/sim-views/queue-cards'
import { StepEvents } from '../explain/sim-views/step-events'
import type { Lang } from '../i18n/language'
import { useT } from '../i18n/messages'
import { lessonsMessages } from './lessons-messages'
import type { PredictState } from './predict-panel'
import { storyOutline } from './story-outline'
import { judgeTimeline, TimelinePredict } from './timeline-predict'
import { messageFare, type TimelineQuestion } from './timeline-question'

/** The message a comparison follows: the asked one, else the story's first publish. */
function followed(script: TimelineScript, question?: TimelineQuestion): string | null {
  if (question?.kind === 'deliveries') return question.message
  const first = script.steps.find((op) => op.op === 'publish')
  return first?.op === 'publish' ? first.publish.id : null
}

/**
 * The story played under each profile, side by side: how often the message was delivered, whether
 * it was dead-lettered, where it is at the end; the buttons choose which run the player plays.
 */
function ProfileCompare({
  runs,
  message,
  shown,
  onShow,
}: {
  runs: { profile: ProfileName; run: TimelineRun }[]
  message: string
  shown: ProfileName
  onShow: (p: ProfileName) => void
}) {
  const t = useT(lessonsMessages)
  return (
    <div className="profile-compare" data-testid="profile-compare">
      <h5>{t('compareTitle')}</h5>
      <ScrollX>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('compareProfile')}</th>
              <th scope="col">{t('compareDeliveries', { message })}</th>
              <th scope="col">{t('compareEnd')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map(({ profile, run }) => {
              const fare = messageFare(run, message)
              return (
                <tr
                  key={profile}
                  data-profile={profile}
                  aria-current={profile === shown ? 'true' : undefined}
                >
                  <th scope="row">
                    <button
                      type="button"
                      aria-pressed={profile === shown}
                      data-testid={`profile-play-${profile}`}
                      title={t('comparePlay')}
                      onClick={() => onShow(profile)}
                    >
                      {t(`profile_${profile}`)} <code>{profile}</code>
                    </button>
                  </th>
                  <td data-testid="compare-deliveries">{fare.deliveries}</td>
                  <td>
                    {fare.deadLettered ? (
                      <>
                        {t('compareDeadLettered')} <code>{fare.deadLettered}</code>
                      </>
                    ) : (
                      t('compareNot')
                    )}
                    {' · '}
                    {fare.end.kind === 'gone'
                      ? t('end_gone')
                      : t(`end_${fare.end.kind}`, { queue: fare.end.queue })}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </ScrollX>
    </div>
  )
}

export function StepTimeline({
  script,
  file,
  lang,
  question,
  predict,
  onPredict,
  profiles,
}: {
  script: TimelineScript
  /** Play the story under these profiles too, compared side by side after the answer. */
  profiles?: readonly ProfileName[]
  file: string
  lang: Lang
  question?: TimelineQuestion
  predict: PredictState
  onPredict: (p: PredictState) => void
}) {
  const t = useT(lessonsMessages)
  // small scripts: the engine plays them on the main thread, once per step (and per profile compared)
  const own = script.profile ?? 'rabbitmq-4'
  const [shown, setShown] = useState<ProfileName>(own)
  const runs = useMemo(
    () => (profiles ?? [own]).map((profile) => ({ profile, run: runTimeline({ ...script, profile }) })),
    [script, profiles, own],
  )
  const run = useMemo(
    () => runs.find((r) => r.profile === shown)?.run ?? runTimeline(script),
    [runs, shown, script],
  )
  const message = followed(script, question)
  const [reduced, setReduced] = useReducedMotion()
  // start on the set-up (everything declared and consuming, no message yet): the story begins there
  const firstPublish = run.frames.findIndex((f) => f.op.op === 'publish')
  const player = usePlayer(run.frames.length, `${file}:${shown}`, {
    delayMs: 1400,
    firstDelayMs: 200,
    initial: Math.max(0, firstPublish),
  })
  if (question && !predict.revealed) {
    // the set-up before the first message: who is bound, who consumes; the story is read, not played
    const setup = firstPublish > 0 ? (run.frames[firstPublish - 1] ?? null) : null
    return (
      <section className="step-timeline" data-testid="step-timeline" aria-label={t('timeline')}>
        <h4>{t('timelineStory')}</h4>
        <div className="step-stage">
          <ScrollX className="tl-diagram-scroll">
            <FlowDiagram run={run} frame={setup} reducedMotion />
          </ScrollX>
          <TimelinePredict
            question={question}
            run={run}
            state={predict}
            onChange={onPredict}
            onCheck={() => {
              const right = judgeTimeline(question, run, predict)
              onPredict({ ...predict, verdict: { right, hit: [], extra: [], missed: [] }, revealed: right })
            }}
            onReveal={() => onPredict({ ...predict, revealed: true })}
          />
        </div>
        <ol className="tl-steps tl-story" aria-label={t('timelineStory')} data-testid="story-outline">
          {storyOutline(script.steps, question).map((row) =>
            row.kind === 'op' ? (
              <li key={row.n}>
                <span className="tl-step-n">{row.n}</span> <code className="tl-step-op">{row.text}</code>
              </li>
            ) : (
              <li key={row.n} className="muted" data-testid="story-hidden" data-count={row.count}>
                {t('storyHidden')}
              </li>
            ),
          )}
        </ol>
      </section>
    )
  }
  const frame = player.cursor > 0 ? (run.frames[player.cursor - 1] ?? null) : null
  const state = frame?.state ?? run.initial
  const note = frame?.op.note?.[lang]
  return (
    <section className="step-timeline" data-testid="step-timeline" aria-label={t('timeline')}>
      <h4>{t('timeline')}</h4>
      {question && (
        <TimelinePredict
          question={question}
          run={run}
          state={predict}
          onChange={onPredict}
          onCheck={() => {}}
          onReveal={() => {}}
        />
      )}
      {profiles && message && (
        <ProfileCompare runs={runs} message={message} shown={shown} onShow={setShown} />
      )}
      <StepperBody player={player} testId="lesson-tl-body">
        <PlayerControls player={player} testId="lesson-tl" slider motion={{ reduced, setReduced }} />
        <p className="stepper-explain" data-testid="lesson-tl-note" aria-live="polite">
          {note ?? t('timelineStart')}
        </p>
      </StepperBody>
      <div className="step-timeline-body">
        <ScrollX className="tl-diagram-scroll">
          <FlowDiagram run={run} frame={frame} reducedMotion={reduced} />
        </ScrollX>
        <StepEvents events={frame?.events ?? []} />
        <QueueCards state={state} />
      </div>
    </section>
  )
}
