/** One row per fixed exercise: status (or the homework self-rating), first try, attempts, best score. */
import { ScrollX } from '../../components/scroll-x'
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { hrefFor } from '../../store/url-route'
import { FIXED_IDS, resolveExercise } from '../exercise-registry'
import { homeworkMessages } from '../homework/homework-messages'
import { practiceMessages } from '../practice-messages'
import { useProgress } from './progress-store'

function titleOf(id: string, lang: 'en' | 'zh-CN'): string {
  const r = resolveExercise(id)
  return r && r.kind !== 'generated' ? `${r.item.title[lang]} (${id})` : id
}

export default function ProgressTable() {
  const t = useT(practiceMessages)
  const th = useT(homeworkMessages)
  const lang = useLanguage((s) => s.lang)
  const { entries, homework } = useProgress((s) => s.progress)
  return (
    <ScrollX>
      <table className="progress-table" data-testid="progress-table">
        <thead>
          <tr>
            <th>{t('exercise')}</th>
            <th>{t('status')}</th>
            <th>{t('firstTry')}</th>
            <th>{t('attempts')}</th>
            <th>{t('best')}</th>
          </tr>
        </thead>
        <tbody>
          {FIXED_IDS.map((id) => {
            const e = entries[id]
            const rating = homework[id]?.rating
            return (
              <tr key={id} data-id={id} data-status={e?.status ?? 'none'} data-rating={rating ?? 'none'}>
                <td>
                  <a href={hrefFor('practice', { exercise: id })}>{titleOf(id, lang)}</a>
                </td>
                <td>
                  {rating ? th(`rating_${rating}`) : t(`status_${e?.status ?? 'none'}` as 'status_none')}
                </td>
                <td>{e?.firstTry ? t(`firstTry_${e.firstTry}` as 'firstTry_correct') : '–'}</td>
                <td>{e?.attempts ?? 0}</td>
                <td>{e?.bestScore !== undefined ? `${e.bestScore}/${e.maxScore ?? '?'}` : '–'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollX>
  )
}
