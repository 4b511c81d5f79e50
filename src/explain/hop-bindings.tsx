/**
 * The bindings one exchange evaluated. Matched ones first; when there are many, the unmatched ones
 * wait behind a button so a 1,000-binding exchange stays fast, yet every evaluation stays reachable.
 */
import { useState } from 'react'
import { Verdict } from '../components/verdict'
import type { BindingEvaluation } from '../engine'
import { BindingReason } from './binding-reason'
import { BindingStepThrough, canStepThrough } from './binding-step-through'
import type { ExplainT } from './explain-messages'
import { bindingCriteria, bindingTarget, exchangeName } from './explain-text'

const SHOW_AT_ONCE = 30

export function HopBindings({ evaluations, t }: { evaluations: BindingEvaluation[]; t: ExplainT }) {
  const [all, setAll] = useState(false)
  const [open, setOpen] = useState<string | null>(null)
  if (evaluations.length === 0) return <p>{t('noBindings')}</p>
  const matched = evaluations.filter((e) => e.matched)
  const other = evaluations.filter((e) => !e.matched)
  const shownOther = all || evaluations.length <= SHOW_AT_ONCE ? other : []
  return (
    <>
      <ul className="why-bindings">
        {[...matched, ...shownOther].map((ev) => (
          <li key={ev.bindingId} data-binding={ev.bindingId} data-matched={ev.matched}>
            <Verdict ok={ev.matched} yes={t('matched')} no={t('notMatched')} />{' '}
            <span className="why-binding-name">
              {exchangeName(ev.source, t)} → {bindingTarget(ev, t)}
            </span>{' '}
            {bindingCriteria(ev) && <code>{bindingCriteria(ev)}</code>}
            <BindingReason ev={ev} t={t} />
            {canStepThrough(ev) && (
              <button
                type="button"
                className="linkish"
                aria-expanded={open === ev.bindingId}
                data-testid="step-through"
                onClick={() => setOpen(open === ev.bindingId ? null : ev.bindingId)}
              >
                {t('stepThrough')}
              </button>
            )}
            {open === ev.bindingId && <BindingStepThrough ev={ev} siblings={evaluations} />}
          </li>
        ))}
      </ul>
      {shownOther.length < other.length && (
        <button type="button" onClick={() => setAll(true)}>
          {t('showUnmatched', { n: other.length })}
        </button>
      )}
    </>
  )
}
