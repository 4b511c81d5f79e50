/** The visible tests with the engine's expected values, and how many hidden ones each run adds. */
import { useMemo } from 'react'
import { ScrollX } from '../../components/scroll-x'
import { useT } from '../../i18n/messages'
import type { CodeExercise } from '../content/types'
import { codeMessages } from './code-messages'
import { expectedOf } from './grade-code'

export default function VisibleTests({ ex }: { ex: CodeExercise }) {
  const t = useT(codeMessages)
  const rows = useMemo(
    () =>
      ex.visible.map((args) => ({
        call: `${ex.entry}(${args.map((a) => JSON.stringify(a)).join(', ')})`,
        ...expectedOf(ex, args),
      })),
    [ex],
  )
  return (
    <>
      <p className="muted">{t('visibleTests', { rules: ex.hidden.length, generated: ex.generated })}</p>
      <ScrollX>
        <table className="tests-table" data-testid="visible-tests">
          <thead>
            <tr>
              <th>{t('call')}</th>
              <th>{t('expected')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.call}>
                <td>
                  <code>{r.call}</code>
                </td>
                <td>
                  {ex.kind === 'cases' ? (
                    t('casesExpected')
                  ) : r.throws ? (
                    t('expectThrow')
                  ) : (
                    <code>{r.expected}</code>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </>
  )
}
