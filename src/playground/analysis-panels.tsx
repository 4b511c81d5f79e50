/**
 * The Requirements panel (each `expect` line: holds, fails with its counter-example, undecided) and
 * the Problems panel (lint findings by severity: rule, subject, why, fix hint, witness). Clicking a
 * line link goes to the line; "Publish this" publishes the witness and opens its why panel. Every name
 * is rendered as text.
 */
import { memo } from 'react'
import type { LintFinding } from '../engine'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { usePlayground } from '../store/app-store'
import type { RequirementView } from '../worker/analysis-api'
import { goToLine, publishWitness } from './analysis-actions'
import { analysisMessages } from './analysis-messages'
import {
  requirementDetail,
  subjectText,
  translator,
  undecidedSubject,
  verdictOf,
  witnessText,
} from './analysis-text'

const NO_REQUIREMENTS: RequirementView[] = []
const NO_FINDINGS: LintFinding[] = []

export function AnalysisPanels() {
  return (
    <>
      <RequirementsPanel />
      <ProblemsPanel />
    </>
  )
}

function AnalysisStatus() {
  const t = useT(analysisMessages)
  const busy = usePlayground((s) => s.analysisBusy)
  const error = usePlayground((s) => s.analysisError)
  if (error)
    return (
      <p className="bad" role="status">
        {t('analysisFailed', { error })}
      </p>
    )
  return busy ? <p className="muted analysis-busy">{t('analysing')}</p> : null
}

function LineLink({ line }: { line: number | undefined }) {
  const t = useT(analysisMessages)
  if (!line) return null
  return (
    <button
      type="button"
      className="link-button line-link"
      data-testid="go-to-line"
      aria-label={t('goToLine', { line })}
      onClick={() => goToLine(line)}
    >
      {t('lineLink', { line })}
    </button>
  )
}

const RequirementsPanel = memo(function RequirementsPanel() {
  const t = useT(analysisMessages)
  const lang = useLanguage((s) => s.lang)
  const tr = translator(lang)
  const list = usePlayground((s) => s.analysis?.requirements ?? NO_REQUIREMENTS)
  const analysed = usePlayground((s) => s.analysis !== null)
  return (
    <section
      className="panel analysis-panel"
      aria-labelledby="requirements-heading"
      data-testid="requirements-panel"
    >
      <h2 id="requirements-heading">{t('requirementsHeading')}</h2>
      <AnalysisStatus />
      {analysed && list.length === 0 && (
        <p className="muted">
          {/* `…` spans are script words: shown as code (so zh-CN shows no English outside code) */}
          {t('requirementsNone')
            .split('`')
            .map((part, i) => (i % 2 === 1 ? <code key={part}>{part}</code> : part))}
        </p>
      )}
      {list.length > 0 && (
        <ul className="requirement-list">
          {list.map((r, i) => {
            const verdict = verdictOf(r)
            const c = r.counterexample
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: requirements are positions in the script
                key={i}
                className={`requirement is-${verdict}`}
                data-testid="requirement"
                data-verdict={verdict}
                data-line={r.loc?.line ?? ''}
              >
                <span className={`verdict-badge is-${verdict}`}>
                  <span aria-hidden="true">{BADGE[verdict]} </span>
                  {t(verdict)}
                </span>{' '}
                <code className="requirement-text">{r.text}</code> <LineLink line={r.loc?.line} />
                <p className="requirement-detail" data-testid="requirement-detail">
                  {requirementDetail(r, tr)}
                </p>
                {c && (
                  <p className="requirement-path muted">
                    {t('wentThrough', {
                      path: c.path.map((x) => (x === '' ? t('defaultExchange') : x)).join(' → '),
                    })}{' '}
                    <button
                      type="button"
                      data-testid="requirement-publish"
                      onClick={() => publishWitness(c, r.requirement.vhost ?? '/')}
                    >
                      {t('publishCounterexample')}
                    </button>
                  </p>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
})

const BADGE = { holds: '✓', fails: '✗', undecided: '?', unchecked: '!' } as const
const SEVERITIES = ['error', 'warning', 'info'] as const
const SEVERITY_HEADING = { error: 'severityError', warning: 'severityWarning', info: 'severityInfo' } as const

const ProblemsPanel = memo(function ProblemsPanel() {
  const t = useT(analysisMessages)
  const lang = useLanguage((s) => s.lang)
  const tr = translator(lang)
  const findings = usePlayground((s) => s.analysis?.findings ?? NO_FINDINGS)
  const analysed = usePlayground((s) => s.analysis !== null)
  const undecided = usePlayground((s) => s.analysis?.undecided)
  const ms = usePlayground((s) => s.analysis?.ms)
  const count = (sev: string) => findings.filter((f) => f.severity === sev).length
  const zh = lang === 'zh-CN'
  return (
    <section className="panel analysis-panel" aria-labelledby="problems-heading" data-testid="problems-panel">
      <h2 id="problems-heading">{t('problemsHeading')}</h2>
      {analysed && findings.length === 0 && <p className="muted">{t('problemsNone')}</p>}
      {findings.length > 0 && (
        <p className="muted" data-testid="problems-count">
          {t('problemsCount', { errors: count('error'), warnings: count('warning'), infos: count('info') })}
          {ms !== undefined && ` · ${t('analysisTime', { ms: Math.round(ms) })}`}
        </p>
      )}
      {SEVERITIES.map((sev) => {
        const group = findings.filter((f) => f.severity === sev)
        if (group.length === 0) return null
        return (
          <div key={sev} className={`finding-group is-${sev}`} data-severity={sev}>
            <h3>
              {t(SEVERITY_HEADING[sev])} ({group.length})
            </h3>
            <ul className="finding-list">
              {group.map((f, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: findings come in a stable order per analysis
                  key={i}
                  className={`finding is-${sev}`}
                  data-testid="finding"
                  data-rule={f.rule}
                  data-line={f.loc?.line ?? ''}
                >
                  <div className="finding-head">
                    <code className="finding-rule">{f.rule}</code>{' '}
                    <span className="finding-subject">{subjectText(f, tr)}</span>{' '}
                    <LineLink line={f.loc?.line} />
                  </div>
                  <p className="finding-message">{zh ? f.message.zh : f.message.en}</p>
                  <p className="finding-fix muted">{t('fixHint', { fix: zh ? f.fix.zh : f.fix.en })}</p>
                  {f.witness && (
                    <p className="finding-witness">
                      {witnessText(f.witness, tr)}{' '}
                      <button
                        type="button"
                        data-testid="finding-publish"
                        onClick={() => f.witness && publishWitness(f.witness, f.subject.vhost)}
                      >
                        {t('publishWitness')}
                      </button>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )
      })}
      {undecided && undecided.length > 0 && (
        <p className="muted">
          {t('undecidedExchanges', {
            names: undecided.map((u) => undecidedSubject(u.subject, tr)).join(', '),
          })}
        </p>
      )}
    </section>
  )
})
