/** The topic matcher's DP table: rows = pattern words, columns = key words, ✓ where a prefix matches. */
import type { TopicExplanation } from '../engine'
import type { ExplainT } from './explain-messages'

export function DpTable({ te, t }: { te: TopicExplanation; t: ExplainT }) {
  return (
    <table className="dp-table">
      <caption>{t('dpCaption')}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">{t('dpStart')}</th>
          {te.keyWords.map((w, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: words repeat; the column index is the identity
            <th key={j} scope="col">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {te.table.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the row index is the identity
          <tr key={i}>
            <th scope="row">{i === 0 ? t('dpStart') : te.patternWords[i - 1]}</th>
            {row.map((ok, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the column index is the identity
              <td key={j} className={ok ? 'dp-yes' : 'dp-no'}>
                {ok ? '✓' : '·'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
