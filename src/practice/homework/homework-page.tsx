/** One homework task: the task in our words, what to hand in, when it is done, and its scenario link. */
import { lazy, type MouseEvent, Suspense, useEffect, useState } from 'react'
import type { Scenario } from '../../engine'
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { scenarioHref } from '../../store/scenario-link'
import { KNOWLEDGE_POINTS } from '../content/load'
import type { HomeworkTask } from '../content/types'
import { practiceMessages } from '../practice-messages'
import HomeworkCheckView from './homework-check'
import { homeworkMessages } from './homework-messages'
import SelfRating from './self-rating'

// Kits, observation and diff for tasks done on a real broker (src/lab-widgets; loaded on demand).
const HomeworkLab = lazy(() => import('./homework-lab'))

/** The sample without its `expect` list: its requirements and their verdicts are the task's check. */
function withoutRequirements(text: string): string {
  const { expect: _check, ...rest } = JSON.parse(text) as Scenario
  return JSON.stringify(rest)
}

function ScenarioLink({ file, hideRequirements }: { file: string; hideRequirements: boolean }) {
  const t = useT(practiceMessages)
  const [loaded, setLoaded] = useState<{ href: string; text: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let stale = false
    fetch(new URL(file, document.baseURI))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status} ${file}`))))
      // Parsing here lets a malformed file reach the error branch below.
      .then((raw) => (hideRequirements ? withoutRequirements(raw) : raw))
      .then((text) => ({ href: scenarioHref(JSON.stringify(JSON.parse(text))), text }))
      .then(
        (link) => !stale && setLoaded(link),
        (e: Error) => !stale && setError(e.message),
      )
    return () => {
      stale = true
    }
  }, [file, hideRequirements])
  if (error) return <p role="alert">{t('scenarioMissing', { error })}</p>
  if (!loaded) return <p className="loading">{t('loading')}</p>
  // The store's openInPlayground keeps the user's unsaved playground work safe; the href is the
  // documented link form, used when the store cannot be loaded or the link is opened in a new tab.
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    import('../../store/open-in-playground')
      .then((m) => m.openInPlayground(JSON.parse(loaded.text) as Scenario, { source: file }))
      .catch(() => window.location.assign(loaded.href))
  }
  return (
    <p>
      <a href={loaded.href} data-testid="homework-playground" onClick={open}>
        {t('openScenario')}
      </a>{' '}
      <span className="muted">({file})</span>
    </p>
  )
}

function KnowledgePoints({ ids }: { ids: string[] }) {
  const t = useT(homeworkMessages)
  const lang = useLanguage((s) => s.lang)
  return (
    <p className="knowledge-points" data-testid="knowledge-points">
      <strong>{t('points')}</strong>{' '}
      {ids.map((id) => (
        <span key={id} className="chip">
          {KNOWLEDGE_POINTS.find((p) => p.id === id)?.text[lang] ?? id}
        </span>
      ))}
    </p>
  )
}

export default function HomeworkPage({ task }: { task: HomeworkTask }) {
  const t = useT(practiceMessages)
  const lang = useLanguage((s) => s.lang)
  return (
    <article className="homework" data-testid={`homework-${task.id}`}>
      <h3>
        {t('homeworkNumber', { n: String(task.number).padStart(2, '0') })} · {task.title[lang]}
      </h3>
      <p className="muted">
        {task.kind[lang]} · {t(`hwLevel_${task.level}` as 'hwLevel_basic')}
      </p>
      {task.needsBroker && (
        <p className="needs-broker" data-testid="needs-broker">
          {t('needsBroker')}
        </p>
      )}
      <p>{task.task[lang]}</p>
      <p>
        <strong>{t('deliverable')}</strong> {task.deliverable[lang]}
      </p>
      <p>
        <strong>{t('doneWhen')}</strong>
      </p>
      <ul>
        {task.doneWhen.map((d) => (
          <li key={d.en}>{d[lang]}</li>
        ))}
      </ul>
      <KnowledgePoints ids={task.points} />
      {task.scenarioFile && <ScenarioLink file={task.scenarioFile} hideRequirements={!!task.check} />}
      {task.timeline && (
        <p>
          <a
            href={`?view=timeline&scenario=${encodeURIComponent(task.timeline)}`}
            data-testid="homework-timeline"
          >
            {t('openTimeline')}
          </a>
        </p>
      )}
      {!task.scenarioFile && !task.timeline && <p className="muted">{t('noScenario')}</p>}
      {task.needsBroker && (task.scenarioFile || task.timeline) && (
        <Suspense fallback={null}>
          <HomeworkLab task={task} />
        </Suspense>
      )}
      {task.check && <HomeworkCheckView id={task.id} check={task.check} />}
      <SelfRating task={task} />
    </article>
  )
}
