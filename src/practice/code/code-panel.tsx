/**
 * One code exercise: requirements, matching rules and visible tests (expected values from the engine)
 * first, then the editor. The text autosaves into the progress store. "Run tests" transpiles the
 * TypeScript and runs it in the sandbox Worker against visible, hidden and freshly generated cases.
 * The reference solution is shown only after asking; the learner's own text stays one undo away, and
 * from then on a passing run is recorded as "solution shown", never as passed.
 */
import { Suspense, useCallback, useEffect, useState } from 'react'
import { lazyPart } from '../../components/lazy-part'
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { useTheme } from '../../store/theme'
import type { CodeExercise } from '../content/types'
import { useProgress } from '../progress/progress-store'
import { DEFAULT_LIMIT_MS } from '../sandbox/sandbox-runner'
import { useAutosave } from './autosave'
import { codeMessages } from './code-messages'
import RulesBox from './rules-box'
import { type ExerciseRun, runExercise } from './run-exercise'
import RunReport from './run-report'
import VisibleTests from './visible-tests'

const CodeEditor = lazyPart(() => import('./code-editor'))

interface Props {
  ex: CodeExercise
  present?: { step: number; revealed: boolean }
  /** Opens another exercise (the variant under the other matching rules). */
  onOpen?: (id: string) => void
}

export default function CodePanel({ ex, present, onOpen }: Props) {
  const t = useT(codeMessages)
  const lang = useLanguage((s) => s.lang)
  const theme = useTheme((s) => s.theme)
  const record = useProgress((s) => s.record)
  const saveDraft = useProgress((s) => s.draft)
  const draft = useProgress((s) => s.progress.code[ex.id])
  const shown = useProgress((s) => s.progress.entries[ex.id]?.answerShown === true)
  const [code, setCode] = useState(() => draft?.text ?? ex.starter[lang])
  const [asking, setAsking] = useState(false)
  const [running, setRunning] = useState(false)
  const [run, setRun] = useState<ExerciseRun | null>(null)
  const path = `inmemory://practice/${ex.id}.ts`
  const isStarter = code === ex.starter.en || code === ex.starter['zh-CN']

  const save = useCallback((id: string, text: string) => saveDraft(id, text), [saveDraft])
  useAutosave(ex.id, code, !draft && isStarter, save)
  // An untouched starter follows the language (its comments are in that language).
  useEffect(() => {
    if (!draft && isStarter) setCode(ex.starter[lang])
  }, [lang, draft, isStarter, ex])

  const runTests = async () => {
    setRunning(true)
    setRun(null)
    try {
      // sucrase (about 60 KB gzip) comes with the first run, not with the practice page.
      const { transpileTs } = await import('./transpile')
      const js = transpileTs(code)
      const result = await runExercise(ex, js)
      setRun(result)
      const ok = result.kind === 'graded' && !result.firstFailure
      // The store records a pass after the solution was shown as "solution shown", not as passed.
      record(ex.id, {
        status: ok ? 'passed' : 'failed',
        ...(result.kind === 'graded' ? { score: result.passed, maxScore: result.total } : {}),
      })
    } catch (err) {
      setRun({ kind: 'load-error', error: err instanceof Error ? err.message : String(err) })
    } finally {
      setRunning(false)
    }
  }
  const loadSolution = () => {
    saveDraft(ex.id, ex.solution, code)
    record(ex.id, { status: 'revealed' })
    setCode(ex.solution)
    setAsking(false)
  }
  const backToMine = () => {
    if (draft?.mine === undefined) return
    saveDraft(ex.id, draft.mine, null)
    setCode(draft.mine)
  }
  const reset = () => {
    // The text being replaced stays one click away, unless it is the solution or a starter.
    const keep = code !== ex.solution && !isStarter ? code : draft?.mine
    saveDraft(ex.id, ex.starter[lang], keep ?? null)
    setCode(ex.starter[lang])
  }

  return (
    <article className="code-panel" data-testid={`code-${ex.id}`}>
      <h3>{ex.title[lang]}</h3>
      <p className="practice-prompt">{ex.prompt[lang]}</p>
      <RulesBox ex={ex} onOpen={present ? undefined : onOpen} />
      {(!present || present.step >= 1) && <VisibleTests ex={ex} />}
      {!present && (
        <>
          <p className="practice-rules">{t('sandboxRules', { s: DEFAULT_LIMIT_MS / 1000 })}</p>
          <Suspense fallback={<p className="loading">{t('loadingEditor')}</p>}>
            <CodeEditor
              path={path}
              value={code}
              theme={theme}
              label={t('editorLabel')}
              loadingText={t('loadingEditor')}
              onChange={setCode}
            />
          </Suspense>
          <div className="actions">
            <button type="button" data-testid="code-run" disabled={running} onClick={runTests}>
              {running ? t('running') : t('runTests')}
            </button>
            <button type="button" data-testid="code-reset" disabled={running} onClick={reset}>
              {t('resetCode')}
            </button>
            {draft?.mine !== undefined && draft.mine !== code && (
              <button type="button" data-testid="code-mine" disabled={running} onClick={backToMine}>
                {t('backToMine')}
              </button>
            )}
            <button
              type="button"
              data-testid="code-solution"
              disabled={running || asking}
              onClick={() => setAsking(true)}
            >
              {t('loadSolution')}
            </button>
            {running && (
              <span className="muted" data-testid="code-status">
                {t('runningHint', { s: DEFAULT_LIMIT_MS / 1000 })}
              </span>
            )}
          </div>
          {asking && (
            <div
              className="confirm"
              role="alertdialog"
              aria-label={t('loadSolution')}
              data-testid="solution-ask"
            >
              <p>{t('solutionAsk')}</p>
              <button type="button" data-testid="solution-yes" onClick={loadSolution}>
                {t('solutionYes')}
              </button>{' '}
              <button type="button" data-testid="solution-no" onClick={() => setAsking(false)}>
                {t('solutionNo')}
              </button>
            </div>
          )}
          {run && <RunReport run={run} solutionShown={shown} />}
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
