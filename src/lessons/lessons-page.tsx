/** The lessons view: the ordered lesson list and the open lesson, in the UI language. */
import { useEffect, useState } from 'react'
import { type Lang, useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { setPageTitle, useRoute } from '../store/url-route'
import { hasLessonLanguage, loadLessons, prepareLessons } from './content-load'
import { lessonText } from './content-validate'
import { readLessonLocation, writeLessonLocation } from './lesson-url'
import { LessonView } from './lesson-view'
import { lessonsMessages } from './lessons-messages'
import { InlineText } from './rich-text'
import './lessons.css'

// The view's chunk resolves once the page language's texts are loaded and the lessons validated, one
// lesson per task (no long task).
await prepareLessons(useLanguage.getState().lang)

export default function LessonsPage() {
  const lang = useLanguage((s) => s.lang)
  const ready = useLessonLanguage(lang)
  // Until the other language's texts arrive (a switch of language), the page stays as it was.
  return ready ? <LessonsIn lang={lang} /> : <LessonsIn lang={lang === 'en' ? 'zh-CN' : 'en'} loading />
}

/** Whether `lang`'s texts are loaded; starts loading them (and re-renders when they are) if not. */
function useLessonLanguage(lang: Lang): boolean {
  const [, setVersion] = useState(0)
  const ready = hasLessonLanguage(lang)
  useEffect(() => {
    // (a failed download leaves the page as it was, busy; switching again asks again)
    if (!ready)
      prepareLessons(lang).then(
        () => setVersion((v) => v + 1),
        () => undefined,
      )
  }, [lang, ready])
  useEffect(() => {
    // The other language, once the page is idle, so a switch of language is instant.
    const other = lang === 'en' ? 'zh-CN' : 'en'
    if (hasLessonLanguage(other)) return
    const id = requestIdleCallback(() => prepareLessons(other).catch(() => undefined), { timeout: 5000 })
    return () => cancelIdleCallback(id)
  }, [lang])
  return ready
}

function LessonsIn({ lang, loading = false }: { lang: Lang; loading?: boolean }) {
  const t = useT(lessonsMessages)
  const { lessons, errors } = loadLessons()
  // The URL is the source of truth for the open lesson and step, so Back / Forward move through steps.
  const params = useRoute((s) => s.params)
  const loc = readLessonLocation(params)
  const index = Math.max(
    0,
    lessons.findIndex((l) => l.id === loc.lesson),
  )
  const lesson = lessons[index]
  const pos = { index, step: Math.min(loc.step, (lesson?.steps.length ?? 1) - 1) }
  const [large, setLarge] = useState(false)
  const title = lesson ? lessonText(lesson, lang).title.replace(/[`*_]/g, '') : null

  useEffect(() => {
    // A first visit (or a stale step number) is corrected in place, without a history entry.
    if (lesson && (params.lesson !== lesson.id || params.step !== String(pos.step + 1)))
      writeLessonLocation(lesson.id, pos.step, { push: false })
  }, [lesson, pos.step, params])
  useEffect(() => {
    setPageTitle(title)
    return () => setPageTitle(null)
  }, [title])

  const go = (n: number, step = 0) => {
    const target = lessons[n]
    if (target) writeLessonLocation(target.id, step, { push: true })
    document.getElementById('lesson-top')?.scrollIntoView({ block: 'start' })
  }

  return (
    <div
      className={`lessons-page${large ? ' is-large' : ''}`}
      id="lesson-top"
      aria-busy={loading || undefined}
    >
      {errors.length > 0 && (
        <div role="alert" className="panel content-errors" data-testid="content-errors">
          <p>{t('contentErrors')}</p>
          <ul>
            {errors.map((e) => (
              <li key={`${e.file}:${e.message}`}>
                <code>{e.file}</code>: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <nav className="lesson-list" aria-label={t('lessonList')} data-testid="lesson-list">
        <h2>{t('lessonList')}</h2>
        {/* narrow screens: one select instead of thirteen buttons above the lesson */}
        <select
          className="lesson-select"
          aria-label={t('lessonList')}
          value={pos.index}
          onChange={(e) => go(Number(e.target.value))}
          data-testid="lesson-select"
        >
          {lessons.map((l, n) => (
            <option key={l.id} value={n}>
              {n + 1}. {lessonText(l, lang).title.replace(/[`*_]/g, '')}
            </option>
          ))}
        </select>
        <ol>
          {lessons.map((l, n) => (
            <li key={l.id}>
              <button
                type="button"
                aria-current={n === pos.index ? 'page' : undefined}
                onClick={() => go(n)}
                data-testid={`lesson-item-${l.id}`}
              >
                <InlineText text={lessonText(l, lang).title} />
              </button>
            </li>
          ))}
        </ol>
        <label className="large-toggle">
          <input
            type="checkbox"
            checked={large}
            onChange={(e) => setLarge(e.target.checked)}
            data-testid="large-text"
          />{' '}
          {t('largeText')}
        </label>
      </nav>
      {lesson ? (
        <LessonView
          key={lesson.id}
          lesson={lesson}
          index={pos.index}
          total={lessons.length}
          step={pos.step}
          lang={lang}
          onStep={(step) => lesson && writeLessonLocation(lesson.id, step, { push: true })}
          onNextLesson={pos.index + 1 < lessons.length ? () => go(pos.index + 1) : null}
        />
      ) : (
        <p role="alert">{t('noLessons')}</p>
      )}
    </div>
  )
}
