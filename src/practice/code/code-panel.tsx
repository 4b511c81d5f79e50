/**
 * One code exercise: requirements and visible tests (expected values from the engine) first, then the
 * editor; "Run tests" transpiles the TypeScript and runs it in the sandbox Worker with a time limit.
 */
import { lazy, Suspense, useMemo, useState } from 'react'
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { useTheme } from '../../store/theme'
import type { CodeExercise } from '../content/types'
import { practiceMessages } from '../practice-messages'
import { useProgress } from '../progress/progress-store'
import { DEFAULT_LIMIT_MS } from '../sandbox/sandbox-runner'
import { gradeCall } from './grade-code'
import { type ExerciseRun, runExercise } from './run-exercise'

const CodeEditor = lazy(() => import('./code-editor'))

interface Props {
  ex: CodeExercise
  present?: { step: number; revealed: boolean }
}

function VisibleTests({ ex }: { ex: CodeExercise }) {
  const t = useT(practiceMessages)
  // The expected column is what the engine says (grading a fake "ok" value gives us its expectation).
  const rows = useMemo(
    () => ex.visible.map((args) => gradeCall(ex, args, { ok: true, value: null, ms: 0 }, false)),
    [ex],
  )
  return (
    <>
      <p className="muted">{t('visibleTests', { hidden: ex.hidden.length })}</p>
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
                <code>{ex.kind === 'cases' ? t('casesExpected') : r.expected}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

function RunReport({ run }: { run: ExerciseRun }) {
  const t = useT(practiceMessages)
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
      className={`practice-result ${f ? 'bad' : 'ok'}`}
      role="status"
      data-testid="code-result"
      data-kind={f ? 'fail' : 'pass'}
    >
      <strong>
        {f
          ? t('testsFailed', { passed: run.passed, total: run.total })
          : t('testsPassed', { total: run.total })}
      </strong>
      {f && (
        <dl className="first-failure" data-testid="first-failure">
          <dt>{t(f.hidden ? 'firstFailureHidden' : 'firstFailure')}</dt>
          <dd>
            <code>{f.call}</code>
          </dd>
          <dt>{t('expected')}</dt>
          <dd>
            <code data-testid="failure-expected">{f.expected}</code>
          </dd>
          <dt>{t('actual')}</dt>
          <dd>
            <code data-testid="failure-actual">{f.actual}</code>
          </dd>
          {f.note && <dd>{t(`note_${f.note}` as 'note_duplicates')}</dd>}
        </dl>
      )}
    </div>
  )
}

export default function CodePanel({ ex, present }: Props) {
  const t = useT(practiceMessages)
  const lang = useLanguage((s) => s.lang)
  const theme = useTheme((s) => s.theme)
  const record = useProgress((s) => s.record)
  const [code, setCode] = useState(ex.starter[lang])
  const [running, setRunning] = useState(false)
  const [run, setRun] = useState<ExerciseRun | null>(null)
  const path = `inmemory://practice/${ex.id}.ts`

  const runTests = async () => {
    setRunning(true)
    setRun(null)
    try {
      const { transpileModel } = await import('./code-editor')
      const js = await transpileModel(path)
      const result = await runExercise(ex, js)
      setRun(result)
      const ok = result.kind === 'graded' && !result.firstFailure
      // Running the unchanged reference solution shows it works; it does not solve the exercise.
      const own = code.trim() !== ex.solution.trim()
      record(ex.id, {
        status: ok ? (own ? 'passed' : 'revealed') : 'failed',
        ...(result.kind === 'graded' ? { score: result.passed, maxScore: result.total } : {}),
      })
    } catch (err) {
      setRun({ kind: 'load-error', error: err instanceof Error ? err.message : String(err) })
    } finally {
      setRunning(false)
    }
  }

  return (
    <article className="code-panel" data-testid={`code-${ex.id}`}>
      <h3>{ex.title[lang]}</h3>
      <p className="practice-prompt">{ex.prompt[lang]}</p>
      {(!present || present.step >= 1) && <VisibleTests ex={ex} />}
      {!present && (
        <>
          <p className="practice-rules">{t('sandboxRules', { s: DEFAULT_LIMIT_MS / 1000 })}</p>
          <Suspense fallback={<p className="loading">{t('loadingEditor')}</p>}>
            <CodeEditor path={path} value={code} theme={theme} label={t('editorLabel')} onChange={setCode} />
          </Suspense>
          <div className="actions">
            <button type="button" data-testid="code-run" disabled={running} onClick={runTests}>
              {running ? t('running') : t('runTests')}
            </button>
            <button
              type="button"
              data-testid="code-reset"
              disabled={running}
              onClick={() => setCode(ex.starter[lang])}
            >
              {t('resetCode')}
            </button>
            <button
              type="button"
              data-testid="code-solution"
              disabled={running}
              onClick={() => {
                setCode(ex.solution)
                record(ex.id, { status: 'revealed' })
              }}
            >
              {t('loadSolution')}
            </button>
            {running && (
              <span className="muted" data-testid="code-status">
                {t('runningHint', { s: DEFAULT_LIMIT_MS / 1000 })}
              </span>
            )}
          </div>
          {run && <RunReport run={run} />}
        </>
      )}
      {present?.revealed && (
        <div className="practice-answer" data-testid="code-answer">
          <p>
            <strong>{t('referenceSolution')}</strong>
          </p>
          <pre>{ex.solution}</pre>
        </div>
      )}
    </article>
  )
}
