/**
 * Generated questions: pick a difficulty (and optionally a template), get a seeded question answered
 * by the engine, ask for a new one at will. The question id encodes template, level and seed.
 */
import { useEffect, useState } from 'react'
import type { JsonValue } from '../../engine'
import { useT } from '../../i18n/messages'
import { setParams, useRoute } from '../../store/url-route'
import {
  type GeneratedQuestion,
  generateQuestion,
  LEVELS,
  type Level,
  parseQuestionId,
  TEMPLATE_IDS,
  type TemplateId,
} from '../generator/generate'
import { randomSeed } from '../generator/rng'
import { practiceMessages } from '../practice-messages'
import ShareLink from '../share-link'
import { publishFacts } from './describe'
import PredictCard from './predict-card'

/**
 * Queues declared with arguments or with a flag other than the default (durable, not exclusive, not
 * auto-delete), as `key: value` lists (TTL, limits, dead-lettering, the queue type, the flags).
 */
function queueArgs(q: GeneratedQuestion): { queue: string; args: string }[] {
  return (q.scenario.queues ?? []).flatMap((x) => {
    const flags: [string, JsonValue][] = [
      ...(x.durable === false ? [['durable', false] as [string, JsonValue]] : []),
      ...(x.exclusive ? [['exclusive', true] as [string, JsonValue]] : []),
      ...(x.auto_delete ? [['auto_delete', true] as [string, JsonValue]] : []),
    ]
    const all = [...Object.entries(x.arguments ?? {}), ...flags]
    return all.length > 0
      ? [{ queue: x.name, args: all.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ') }]
      : []
  })
}

export function GeneratedPrompt({ q }: { q: GeneratedQuestion }) {
  const t = useT(practiceMessages)
  const f = publishFacts(q.scenario)
  return (
    <p data-testid="generated-prompt">
      {t('genPrompt', {
        exchange: f.exchange === '' ? t('defaultExchange') : f.exchange,
        type: f.exchangeType,
        key: f.key === '' ? '""' : f.key,
      })}{' '}
      {f.headers && t('genHeaders', { headers: f.headers })}{' '}
      {queueArgs(q).map((a) => (
        <span key={a.queue}>{t('genQueueArgs', { queue: a.queue, args: a.args })} </span>
      ))}
      {t(f.mandatory ? 'genMandatory' : 'genNotMandatory')}
      {q.story && (
        <>
          {' '}
          {t(q.story.how === 'nack' ? 'genStoryNack' : 'genStoryReject', {
            queue: q.story.queue,
            n: q.story.returns,
            profile: q.story.script.profile ?? 'rabbitmq-4',
          })}
        </>
      )}
    </p>
  )
}

/** The question on screen is the one named by `?q=` (so a reload or a copied address keeps it). */
export default function GeneratedPanel() {
  const t = useT(practiceMessages)
  const named = useRoute((s) => s.params.q)
  const fromUrl = named ? parseQuestionId(named) : null
  const [fallback] = useState(() => generateQuestion(randomSeed(), 1))
  const q: GeneratedQuestion = fromUrl ?? fallback
  const [template, setTemplate] = useState<TemplateId | 'any'>('any')
  useEffect(() => {
    if (!named) setParams({ q: fallback.id })
  }, [named, fallback])
  const fresh = (lv: Level, tp: TemplateId | 'any') =>
    setParams({ q: generateQuestion(randomSeed(), lv, tp === 'any' ? undefined : tp).id })
  const level = q.level

  return (
    <section className="panel generated" aria-labelledby="gen-title">
      <h2 id="gen-title">{t('generatedTitle')}</h2>
      <p>{t('generatedIntro')}</p>
      <div className="toolbar">
        <label>
          {t('level')}{' '}
          <select
            data-testid="gen-level"
            value={level}
            onChange={(e) => {
              fresh(Number(e.target.value) as Level, template)
            }}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`level${l}` as 'level1')}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('template')}{' '}
          <select
            data-testid="gen-template"
            value={template}
            onChange={(e) => {
              const tp = e.target.value as TemplateId | 'any'
              setTemplate(tp)
              fresh(level, tp)
            }}
          >
            <option value="any">{t('anyTemplate')}</option>
            {TEMPLATE_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`tpl_${id}` as 'tpl_topic')}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="gen-new" onClick={() => fresh(level, template)}>
          {t('newQuestion')}
        </button>
        <span className="muted" data-testid="gen-id">
          {q.id}
        </span>
        <ShareLink exerciseId={q.id} />
      </div>
      {named && !fromUrl && (
        <p role="alert" data-testid="gen-bad-id">
          {t('badQuestionId', { id: named })}
        </p>
      )}
      <PredictCard key={q.id} exerciseId={q.id} scenario={q.scenario} prompt={<GeneratedPrompt q={q} />} />
    </section>
  )
}
