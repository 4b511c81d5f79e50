/**
 * The study note's self-check for one homework task: a rating (on my own / after looking things up /
 * not yet) and a "where I got stuck" note, both kept in the progress store (and so in export/import).
 */
import { useEffect, useState } from 'react'
import { useT } from '../../i18n/messages'
import type { HomeworkTask } from '../content/types'
import { HOMEWORK_RATINGS } from '../progress/progress-model'
import { useProgress } from '../progress/progress-store'
import { homeworkMessages } from './homework-messages'

export default function SelfRating({ task }: { task: HomeworkTask }) {
  const t = useT(homeworkMessages)
  const record = useProgress((s) => s.progress.homework[task.id])
  const legacyDone = useProgress((s) => s.progress.entries[task.id]?.status === 'done')
  const rate = useProgress((s) => s.rate)
  const [stuck, setStuck] = useState(record?.stuck ?? '')
  // An import replaces the store: show what it brought.
  useEffect(() => setStuck(record?.stuck ?? ''), [record?.stuck])
  useEffect(() => {
    if (stuck === (record?.stuck ?? '')) return
    const timer = setTimeout(() => rate(task.id, { stuck }), 400)
    return () => clearTimeout(timer)
  }, [stuck, record?.stuck, rate, task.id])

  return (
    <div className="self-rating" data-testid="self-rating" data-rating={record?.rating ?? 'none'}>
      <fieldset>
        <legend>{t('ratingLegend')}</legend>
        {HOMEWORK_RATINGS.map((r) => (
          <label key={r} className="mark">
            <input
              type="radio"
              name={`rating-${task.id}`}
              value={r}
              data-testid={`rating-${r}`}
              checked={record?.rating === r}
              onChange={() => rate(task.id, { rating: r })}
            />{' '}
            {t(`rating_${r}`)}
          </label>
        ))}
      </fieldset>
      {legacyDone && !record?.rating && <p className="muted">{t('ratingLegacy')}</p>}
      <label className="stuck">
        {t('stuckLabel')}
        <textarea
          data-testid="stuck-note"
          rows={2}
          value={stuck}
          onChange={(e) => setStuck(e.target.value)}
          onBlur={() => stuck !== (record?.stuck ?? '') && rate(task.id, { stuck })}
        />
      </label>
    </div>
  )
}
