/** The practice view: predict the path, generated questions, questions, code, homework and progress. */
import { useState } from 'react'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { useRoute } from '../store/url-route'
import CodeTab from './code/code-tab'
import { CONTENT_ERRORS, HOMEWORK, PREDICT, QUESTIONS } from './content/load'
import DeckPage from './deck/deck-page'
import DeckSetup from './deck/deck-setup'
import ExerciseView from './exercise-view'
import { homeworkMessages } from './homework/homework-messages'
import HomeworkPage from './homework/homework-page'
import Picker from './picker'
import { practiceMessages } from './practice-messages'
import { readPracticeUrl, setTabInUrl } from './practice-url'
import GeneratedPanel from './predict/generated-panel'
import PredictCard from './predict/predict-card'
import ProgressPanel from './progress/progress-panel'
import QuestionCard from './questions/question-card'
import ShareLink from './share-link'
import './practice.css'

const TABS = ['predict', 'generated', 'deck', 'questions', 'code', 'homework', 'progress'] as const
type Tab = (typeof TABS)[number]

/** Content that failed its schema is listed with file and path; everything else still works. */
function ContentErrors() {
  const t = useT(practiceMessages)
  if (CONTENT_ERRORS.length === 0) return null
  return (
    <div role="alert" className="panel content-errors" data-testid="content-errors">
      <p>{t('contentErrors')}</p>
      <ul>
        {CONTENT_ERRORS.map((e) => (
          <li key={`${e.file}:${e.message}`}>
            <code>lessons/practice/{e.file}</code>: {e.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Hub({ tab }: { tab: Tab }) {
  const t = useT(practiceMessages)
  const th = useT(homeworkMessages)
  const lang = useLanguage((s) => s.lang)
  const [predictId, setPredictId] = useState(PREDICT[0]?.id ?? '')
  const predict = PREDICT.find((p) => p.id === predictId)
  return (
    <section className="practice">
      <nav className="practice-tabs" aria-label={t('sections')}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            data-testid={`tab-${id}`}
            aria-current={id === tab ? 'page' : undefined}
            onClick={() => setTabInUrl(id)}
          >
            {t(`tab_${id}` as 'tab_predict')}
          </button>
        ))}
      </nav>
      {tab === 'predict' && predict && (
        <section className="panel">
          <h2>{t('predictTitle')}</h2>
          <Picker
            ids={PREDICT.map((p) => p.id)}
            titles={PREDICT.map((p) => p.title[lang])}
            current={predictId}
            onPick={setPredictId}
          />
          <div className="toolbar">
            <ShareLink exerciseId={predict.id} />
          </div>
          <PredictCard
            key={predict.id}
            exerciseId={predict.id}
            scenario={predict.scenario}
            prompt={<p>{predict.prompt[lang]}</p>}
          />
        </section>
      )}
      {tab === 'generated' && <GeneratedPanel />}
      {tab === 'deck' && <DeckSetup />}
      {tab === 'questions' && (
        <section className="panel">
          <h2>{t('questionsTitle')}</h2>
          {(['explain', 'scenario', 'concept'] as const).map((kind) => (
            <div key={kind} className="question-group">
              <h3>{t(`qkind_${kind}` as 'qkind_explain')}</h3>
              {QUESTIONS.filter((q) => q.kind === kind).map((q) => (
                <QuestionCard key={q.id} q={q} shareable />
              ))}
            </div>
          ))}
        </section>
      )}
      {tab === 'code' && <CodeTab />}
      {tab === 'homework' && (
        <section className="panel">
          <h2>{t('homeworkTitle')}</h2>
          <p>{t('homeworkIntro')}</p>
          <p className="practice-rules">{th('selfCheck')}</p>
          {HOMEWORK.map((h) => (
            <HomeworkPage key={h.id} task={h} />
          ))}
        </section>
      )}
      {tab === 'progress' && <ProgressPanel />}
    </section>
  )
}

export default function PracticePage() {
  const url = readPracticeUrl(useRoute((s) => s.params))
  if (url.deck) return <DeckPage id={url.deck} item={url.item} present={url.present} />
  if (url.exercise) return <ExerciseView id={url.exercise} present={url.present} seed={url.seed} />
  const tab = (TABS as readonly string[]).includes(url.tab ?? '') ? (url.tab as Tab) : 'predict'
  return (
    <>
      <ContentErrors />
      <Hub tab={tab} />
    </>
  )
}
