/**
 * Generated questions: pick a difficulty (and optionally a template), get a seeded question answered
 * by the engine, ask for a new one at will. The question id encodes template, level and seed.
 */
import { useState } from 'react'
import { useT } from '../../i18n/messages'
import {
  type GeneratedQuestion,
  generateQuestion,
  LEVELS,
  type Level,
  TEMPLATE_IDS,
  type TemplateId,
} from '../generator/generate'
import { randomSeed } from '../generator/rng'
import { practiceMessages } from '../practice-messages'
import ShareLink from '../share-link'
import { publishFacts } from './describe'
import PredictCard from './predict-card'

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
      {t(f.mandatory ? 'genMandatory' : 'genNotMandatory')}
    </p>
  )
}

export default function GeneratedPanel({ initial }: { initial?: GeneratedQuestion }) {
  const t = useT(practiceMessages)
  const [level, setLevel] = useState<Level>(initial?.level ?? 1)
  const [template, setTemplate] = useState<TemplateId | 'any'>('any')
  const [q, setQ] = useState<GeneratedQuestion>(() => initial ?? generateQuestion(randomSeed(), 1))
  const fresh = (lv: Level, tp: TemplateId | 'any') =>
    setQ(generateQuestion(randomSeed(), lv, tp === 'any' ? undefined : tp))

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
              const lv = Number(e.target.value) as Level
              setLevel(lv)
              fresh(lv, template)
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
      <PredictCard key={q.id} exerciseId={q.id} scenario={q.scenario} prompt={<GeneratedPrompt q={q} />} />
    </section>
  )
}
