/** The verdict of one run: a count, and only the first failing case (one at a time, after the run). */
import { useT } from '../../i18n/messages'
import type { LoadError } from '../sandbox/protocol'
import { codeMessages } from './code-messages'
import type { ExerciseRun } from './run-exercise'

/** A load error in the reader's language when its reason is known; otherwise the engine's own text. */
function loadErrorText(run: LoadError, t: ReturnType<typeof useT<keyof typeof codeMessages.en>>): string {
  const why = run.why
  if (why?.code === 'import') return t('loadImport', { line: why.line, column: why.column })
  if (why?.code === 'not-declared') return t('loadNotDeclared', { entry: why.entry })
  if (why?.code === 'no-start') return t('loadNoStart')
  if (why?.code === 'bad-reply') return t('loadBadReply')
  return t('loadError', { error: run.error })
}

export default function RunReport({ run, solutionShown }: { run: ExerciseRun; solutionShown: boolean }) {
  const t = useT(codeMessages)
  if (run.kind === 'timeout')
    return (
      <p className="practice-result bad" role="alert" data-testid="code-result" data-kind="timeout">
        {t('timeout', { s: run.ms / 1000 })}
      </p>
    )
  if (run.kind === 'grade-timeout')
    return (
      <p className="practice-result bad" role="alert" data-testid="code-result" data-kind="grade-timeout">
        {t('gradeTimeout', { s: run.ms / 1000 })}
      </p>
    )
  if (run.kind === 'load-error')
    return (
      <p className="practice-result bad" role="alert" data-testid="code-result" data-kind="load-error">
        {loadErrorText(run, t)}
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
