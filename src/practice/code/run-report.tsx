/** The verdict of one run: a count, and only the first failing case (one at a time, after the run). */
import { useT } from '../../i18n/messages'
import { codeMessages } from './code-messages'
import type { ExerciseRun } from './run-exercise'

export default function RunReport({ run, solutionShown }: { run: ExerciseRun; solutionShown: boolean }) {
  const t = useT(codeMessages)
  if (run.kind === 'timeout')
    return (
      <p className="practice-result bad" role="alert" data-testid="code-result" data-kind="timeout">
        {t('timeout', { s: run.ms / 1000 })}
      </p>
    )
  if (run.kind === 'load-error')
    return (
      <p className="practice-result bad" role="alert" data-testid="code-result" data-kind="load-error">
        {t('loadError', { error: run.error })}
      </p>
    )
  const f = run.firstFailure
  return (
    <div
      className={`practice-result ${f ? 'bad' : solutionShown ? 'shown' : 'ok'}`}
      role="status"
      data-testid="code-result"
      data-kind={f ? 'fail' : 'pass'}
      data-counted={!f && !solutionShown}
    >
      <strong>
        {f
          ? t('testsFailed', { passed: run.passed, total: run.total })
          : t('testsPassed', { total: run.total })}
      </strong>
      {!f && solutionShown && (
        <p data-testid="code-passed-shown">
          <strong>{t('passedShown')}</strong>
        </p>
      )}
      {f && (
        <dl className="first-failure" data-testid="first-failure" data-case={f.kind}>
          <dt>{t(`failure_${f.kind}`)}</dt>
          <dd>
            <code>{f.call}</code>
          </dd>
          <dt>{t('expected')}</dt>
          <dd>
            {f.throws ? (
              <span data-testid="failure-expected">{t('expectThrow')}</span>
            ) : (
              <code data-testid="failure-expected">{f.expected}</code>
            )}
          </dd>
          <dt>{t('actual')}</dt>
          <dd>
            <code data-testid="failure-actual">{f.actual}</code>
          </dd>
          {f.note && <dd data-testid="failure-note">{t(`note_${f.note}`)}</dd>}
          <dd className="muted">{t('oneAtATime')}</dd>
        </dl>
      )}
    </div>
  )
}
