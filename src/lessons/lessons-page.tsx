/** The lessons view: the ordered lesson list and the open lesson, in the UI language. */
import { useEffect, useState } from 'react'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { loadLessons } from './content-load'
import { readLessonLocation, writeLessonLocation } from './lesson-url'
import { LessonView } from './lesson-view'
import { lessonsMessages } from './lessons-messages'
import { InlineText } from './rich-text'
import './lessons.css'

export default function LessonsPage() {
  const t = useT(lessonsMessages)
  const lang = useLanguage((s) => s.lang)
  const { lessons, errors } = loadLessons()
  const [pos, setPos] = useState(() => {
    const loc = readLessonLocation(window.location.search)
    const index = Math.max(
      0,
      lessons.findIndex((l) => l.id === loc.lesson),
    )
    const steps = lessons[index]?.steps.length ?? 1
    return { index, step: Math.min(loc.step, steps - 1) }
  })
  const [large, setLarge] = useState(false)
  const lesson = lessons[pos.index]

  useEffect(() => {
    if (lesson) writeLessonLocation(lesson.id, pos.step)
  }, [lesson, pos.step])

  const go = (index: number, step = 0) => {
    setPos({ index, step })
    document.getElementById('lesson-top')?.scrollIntoView({ block: 'start' })
  }

  return (
    <div className={`lessons-page${large ? ' is-large' : ''}`} id="lesson-top">
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
        <ol>
          {lessons.map((l, n) => (
            <li key={l.id}>
              <button
                type="button"
                aria-current={n === pos.index ? 'page' : undefined}
                onClick={() => go(n)}
                data-testid={`lesson-item-${l.id}`}
              >
                <InlineText text={l.text[lang].title} />
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
          onStep={(step) => setPos({ index: pos.index, step })}
          onNextLesson={pos.index + 1 < lessons.length ? () => go(pos.index + 1) : null}
        />
      ) : (
        <p role="alert">{t('noLessons')}</p>
      )}
    </div>
  )
}
