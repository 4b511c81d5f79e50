/**
 * One choice or ordering question. The task comes first; options appear in a seeded order per
 * attempt (a link's seed reproduces it). A first wrong answer gets a hint — the concept to
 * reconsider — not the answer; a second wrong answer, or "Show the answer", shows the answer and the
 * reasoning, and from then on the question does not count as answered right. The attempt (its seed,
 * the options tried, the wrong answers, how it ended) is kept in progress, so a reload does not give
 * a third try before the answer. In the instructor view the options wait for step 2 and the answer for
 * the reveal control.
 */
import { useMemo, useState } from 'react'
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import type { Question } from '../content/types'
import { randomSeed } from '../generator/rng'
import { practiceMessages } from '../practice-messages'
import { useProgress } from '../progress/progress-store'
import type { QuestionRound } from '../progress/progress-types'
import ShareLink from '../share-link'
import ChoiceList from './choice-list'
import OrderList from './order-list'
import { correctOptions, gradeChoice, gradeOrder } from './question-grade'
import { questionMessages } from './question-messages'
import { answerRound, freshRound, showRound, showsHint } from './question-round'
import { shownOrder } from './shuffle'

interface Props {
  q: Question
  /** The attempt's seed (from a link); a fresh one when absent. */
  seed?: number
  /** Told about the seed of a new attempt (the single-exercise view keeps it in its address). */
  onSeed?: (seed: number) => void
  present?: { step: number; revealed: boolean }
  /** Show an instructor link carrying this attempt's seed (the list of questions does). */
  shareable?: boolean
}

export default function QuestionCard({ q, seed: given, onSeed, present, shareable }: Props) {
  const t = useT(practiceMessages)
  const tq = useT(questionMessages)
  const lang = useLanguage((s) => s.lang)
  const record = useProgress((s) => s.record)
  const saveRound = useProgress((s) => s.round)
  // The open attempt this card resumes, read once (the instructor view shows no attempt). A link's
  // seed sets the order; the tries made so far stay whatever the order.
  const [round, setRound] = useState<QuestionRound>(() => {
    const saved = present ? undefined : useProgress.getState().progress.rounds[q.id]
    const seed = given ?? saved?.seed ?? randomSeed()
    return saved ? { ...saved, seed } : freshRound(seed)
  })
  const { seed, wrong } = round
  const phase = round.end ?? 'answering'
  const tried = useMemo(() => new Set(round.tried), [round.tried])
  const order0 = useMemo(() => shownOrder(q, seed), [q, seed])
  const [order, setOrder] = useState(order0)
  const [chosen, setChosen] = useState<string | null>(null)
  // Counted only when progress says so: an answer shown earlier (here, or revealed in the instructor
  // view of this browser) keeps a right answer from counting.
  const counted = useProgress((s) => s.progress.entries[q.id]?.status === 'correct')
  const showBody = !present || present.step >= 1
  const answerVisible = present ? present.revealed : phase !== 'answering'
  const rightSet = useMemo(() => new Set(q.type === 'choice' ? correctOptions(q) : []), [q])

  const next = (r: QuestionRound) => {
    setRound(r)
    saveRound(q.id, r)
  }
  const submit = () => {
    const ok = q.type === 'choice' ? chosen !== null && gradeChoice(q, chosen) : gradeOrder(q, order).correct
    record(q.id, { status: ok ? 'correct' : 'wrong' })
    const r = answerRound(round, ok, q.type === 'choice' ? chosen : null)
    if (r.end === 'shown') record(q.id, { status: 'revealed' })
    if (!ok) setChosen(null)
    next(r)
  }
  const reveal = () => {
    record(q.id, { status: 'revealed' })
    next(showRound(round))
  }
  const again = () => {
    const fresh = freshRound(randomSeed())
    setRound(fresh)
    setOrder(shownOrder(q, fresh.seed))
    setChosen(null)
    saveRound(q.id, null)
    onSeed?.(fresh.seed)
  }
  const rightText =
    q.type === 'choice'
      ? [...rightSet].map((id) => q.options.find((o) => o.id === id)?.text[lang]).join(' / ')
      : q.items.map((i, n) => `${n + 1}. ${i.text[lang]}`).join('  ')

  return (
    <article className="question-card" data-testid={`question-${q.id}`} data-seed={seed} data-phase={phase}>
      <h3>{q.title[lang]}</h3>
      {shareable && <ShareLink exerciseId={q.id} params={{ seed: String(seed) }} />}
      <p className="practice-prompt">{q.prompt[lang]}</p>
      {!present && <p className="practice-rules">{t(q.type === 'choice' ? 'choiceRules' : 'orderRules')}</p>}
      {showBody && q.type === 'choice' && (
        <ChoiceList
          q={q}
          order={order0}
          chosen={chosen}
          onChoose={setChosen}
          tried={tried}
          right={answerVisible ? rightSet : null}
          disabled={phase !== 'answering' || !!present}
        />
      )}
      {showBody && q.type === 'order' && (
        <OrderList q={q} order={order} setOrder={setOrder} disabled={phase !== 'answering' || !!present} />
      )}
      {!present && phase === 'answering' && (
        <div className="actions">
          <button
            type="button"
            data-testid="question-submit"
            disabled={q.type === 'choice' && chosen === null}
            onClick={submit}
          >
            {t('submitAnswer')}
          </button>
          <button type="button" data-testid="question-show" onClick={reveal}>
            {tq('showAnswer')}
          </button>
        </div>
      )}
      {!present && showsHint(round) && (
        <p className="practice-result bad" role="status" data-testid="question-hint">
          <strong>{tq('hintTitle')}</strong> {q.hint[lang]}
        </p>
      )}
      {!present && phase !== 'answering' && (
        <p
          className={`practice-result ${phase === 'right' ? 'ok' : 'bad'}`}
          role="status"
          data-testid="question-verdict"
          data-verdict={phase}
          data-counted={phase === 'right' && counted}
        >
          <strong>
            {phase === 'right'
              ? tq(wrong === 0 && counted ? 'rightFirst' : 'rightLater')
              : wrong >= 2
                ? tq('secondWrong')
                : tq('shownNote')}
          </strong>{' '}
          {phase === 'shown' && wrong >= 2 && tq('shownNote')}
          {phase === 'right' && !counted && tq('rightNotCounted')}
        </p>
      )}
      {answerVisible && (
        <div className="practice-answer" data-testid="question-answer">
          <p>
            <strong>{t('rightAnswer')}</strong> {rightText}
          </p>
          <p>
            <strong>{t('reasoning')}</strong> {q.reasoning[lang]}
          </p>
          {!present && (
            <button type="button" data-testid="question-again" onClick={again}>
              {tq('tryAgainNew')}
            </button>
          )}
        </div>
      )}
    </article>
  )
}
