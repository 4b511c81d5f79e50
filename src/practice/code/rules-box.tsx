/**
 * States the matching rules an exercise is graded by (for the counter-example exercise also how its
 * cases are graded), and links its variant under the other rules.
 */
import { useT } from '../../i18n/messages'
import { CODE_EXERCISES } from '../content/load'
import type { CodeExercise } from '../content/types'
import { codeMessages } from './code-messages'

export default function RulesBox({ ex, onOpen }: { ex: CodeExercise; onOpen?: (id: string) => void }) {
  const t = useT(codeMessages)
  const variant = CODE_EXERCISES.find((c) => c.kind === ex.kind && c.rules !== ex.rules)
  return (
    <aside className="code-rules" data-testid="code-rules" data-rules={ex.rules}>
      <strong>{t('rulesTitle')}</strong>
      <p>{t(`rules_${ex.rules}`)}</p>
      {ex.kind === 'cases' && <p data-testid="code-rules-cases">{t('rules_cases')}</p>}
      {variant && onOpen && (
        <button type="button" className="link" data-testid="code-variant" onClick={() => onOpen(variant.id)}>
          {t(`variant_${variant.rules}`)}
        </button>
      )}
    </aside>
  )
}
