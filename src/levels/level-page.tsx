/**
 * One level: the story and rules, the goal picture (the named messages' goal routing table, each row
 * showing where the message goes now) beside the live diagram of the learner's topology (drawn on
 * like the playground's), the same Monaco editor as the playground, Check with one line per goal
 * (`[data-testid="level-goal"][data-met]`), hints, "show solution" (asks first; recorded as seen).
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { lazyPart } from '../components/lazy-part'
import type { BindRequest, DiagramEditing } from '../diagram/diagram-edit'
import type { Located } from '../editor/markers'
import {
  type BindingState,
  type OperationOutcome,
  parseScript,
  type ScriptDiagnostic,
  tableIdentityKey,
  toAmqpTable,
} from '../engine'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { bindLine, unbindLine } from '../playground/diagram-edits'
import { useTheme } from '../store/theme'
import {
  type GoalResult,
  gradeLevel,
  type LevelGrade,
  type MessageRoute,
  outcomeMet,
  type RuleProblem,
  routeMessage,
  scriptTopology,
} from './grade'
import { recordCheck, recordSolutionShown, solutionWasShown } from './level-progress'
import { goalPublish } from './level-schema'
import type { Level, MessageOutcome } from './level-types'
import { levelsMessages } from './levels-messages'

const ScriptEditor = lazyPart(() => import('../editor/script-editor'))
const DiagramPane = lazyPart(() => import('../diagram/diagram-pane'))

type T = ReturnType<typeof useT<keyof (typeof levelsMessages)['en']>>

function outcomeText(o: MessageOutcome, t: T): string {
  if (o === 'returned') return t('returned')
  if (o === 'dropped') return t('dropped')
  return o.join(', ')
}

function routeText(r: MessageRoute, t: T): string {
  if (r.returned) return t('returned')
  return r.queues.length ? r.queues.join(', ') : t('dropped')
}

function messageLabel(r: MessageRoute): string {
  const p = r.publish
  const headers = p.headers && Object.keys(p.headers).length ? ` ${JSON.stringify(p.headers)}` : ''
  const to = p.exchange === '' ? '(default)' : p.exchange
  return `${p.id === 'counter-example' ? '' : `${p.id} `}${to} key "${p.routing_key}"${headers}`
}

/** Does a script line bind exactly this binding? (removing it undoes a drawn binding) */
function lineBinds(line: string, b: BindingState): boolean {
  const op = parseScript(line).ops[0]
  if (op?.op !== 'bind') return false
  const x = op.binding
  return (
    x.source === b.source &&
    x.destination === b.destination &&
    x.destination_type === b.destination_type &&
    x.routing_key === b.routing_key &&
    tableIdentityKey(toAmqpTable(x.arguments ?? {})) === tableIdentityKey(b.arguments)
  )
}

function problemText(p: RuleProblem, t: T): string {
  switch (p.kind) {
    case 'syntax':
      return t('problemSyntax', { line: p.diagnostic.loc.line, text: p.diagnostic.message })
    case 'refused':
      return t('problemRefused', { line: p.line ?? '?', text: p.text })
    case 'changed':
      return t('problemChanged', { entity: p.entity })
    case 'locked':
      return t('problemLocked', { entity: p.entity })
    case 'too-many-bindings':
      return t('problemTooMany', { count: p.count, max: p.max })
  }
}

function GoalLine({ g, t, onShow }: { g: GoalResult; t: T; onShow: (r: MessageRoute) => void }) {
  const text = 'expect' in g.goal ? g.goal.expect : `${g.goal.message} → ${outcomeText(g.goal.outcome, t)}`
  const r = g.route
  const wrong = r && g.met === false
  const should =
    'message' in g.goal ? outcomeText(g.goal.outcome, t) : 'expect' in g.goal ? g.goal.expect : ''
  return (
    <li
      data-testid="level-goal"
      data-met={g.met === true ? 'true' : 'false'}
      className={`level-goal ${g.met === true ? 'met' : g.met === false ? 'not-met' : 'undecided'}`}
    >
      <span className="goal-mark" aria-hidden="true">
        {g.met === true ? '✓' : g.met === false ? '✗' : '?'}
      </span>
      <span className="sr-only">
        {g.met === true ? t('goalMet') : g.met === false ? t('goalNotMet') : t('goalUndecided')}:{' '}
      </span>
      <code>{text}</code>
      {g.error && <p className="goal-detail">{g.error}</p>}
      {wrong && (
        <div className="goal-detail" data-testid="level-counterexample">
          <p>
            {r.returned
              ? t('counterReturned', { message: messageLabel(r) })
              : r.queues.length
                ? t('counterExample', { message: messageLabel(r), reached: r.queues.join(', ') })
                : t('counterNowhere', { message: messageLabel(r) })}{' '}
            {t('shouldHave', { should })}
          </p>
          {r.sentBy.some((s) => s.bindings.length) && (
            <ul className="sent-by">
              {r.sentBy.flatMap((s) =>
                s.bindings.map((b) => (
                  <li key={`${s.queue}:${b.id}`}>
                    {t('sentBy', {
                      queue: s.queue,
                      source: b.source,
                      destination: b.destination,
                      key: b.key,
                    })}
                  </li>
                )),
              )}
            </ul>
          )}
          <button type="button" className="linkish" onClick={() => onShow(r)} data-testid="level-show-path">
            {t('showPath')}
          </button>
        </div>
      )}
    </li>
  )
}

export function LevelPage(props: {
  level: Level
  /** Where the level came from, shown above its title (chapter name, "shared level"). */
  context: string
  onBack: () => void
  next?: (() => void) | undefined
  /** Called once the level is solved (the builder's "author solved it"). */
  onSolved?: (() => void) | undefined
  /** Progress is recorded under the level's id (not for a builder's trial). */
  record?: boolean
}) {
  const { level } = props
  const record = props.record ?? true
  const t = useT(levelsMessages)
  const lang = useLanguage((s) => s.lang)
  const theme = useTheme((s) => s.theme)
  const startText = useMemo(() => `${level.start.join('\n')}\n`, [level])
  const [text, setTextRaw] = useState(startText)
  const history = useRef<{ back: string[]; forward: string[] }>({ back: [], forward: [] })
  const [grade, setGrade] = useState<LevelGrade | null>(null)
  const [shown, setShown] = useState<MessageRoute | null>(null)
  const [hints, setHints] = useState(0)
  const [asking, setAsking] = useState(false)
  const [seen, setSeen] = useState(() => record && solutionWasShown(level.id))
  const editorApi = useRef<{ focus: () => void; revealLine: (l: number, c?: number) => void } | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new level starts over
  useEffect(() => {
    setTextRaw(startText)
    history.current = { back: [], forward: [] }
    setGrade(null)
    setShown(null)
    setHints(0)
    setAsking(false)
    setSeen(record && solutionWasShown(level.id))
  }, [level])

  const setText = useCallback((next: string) => {
    setTextRaw((prev) => {
      if (prev === next) return prev
      history.current.back.push(prev)
      history.current.forward = []
      return next
    })
    setGrade(null)
    setShown(null)
  }, [])
  const undo = useCallback(() => {
    setTextRaw((prev) => {
      const back = history.current.back.pop()
      if (back === undefined) return prev
      history.current.forward.push(prev)
      return back
    })
    setGrade(null)
  }, [])
  const redo = useCallback(() => {
    setTextRaw((prev) => {
      const fwd = history.current.forward.pop()
      if (fwd === undefined) return prev
      history.current.back.push(prev)
      return fwd
    })
    setGrade(null)
  }, [])

  const topology = useMemo(() => scriptTopology(text), [text])
  const parsed = useMemo(() => parseScript(text), [text])
  const lines = useMemo(() => text.split('\n'), [text])
  const diagnostics = useMemo<Located<ScriptDiagnostic>>(
    () => ({ items: parsed.diagnostics, lines: parsed.diagnostics.map((d) => lines[d.loc.line - 1] ?? '') }),
    [parsed, lines],
  )
  const outcomes = useMemo<Located<OperationOutcome>>(() => {
    const bad = topology.run.outcomes.filter((o) => !o.ok && o.loc)
    return { items: bad, lines: bad.map((o) => lines[(o.loc?.line ?? 1) - 1] ?? '') }
  }, [topology, lines])

  const picture = useMemo(
    () =>
      level.goals.flatMap((g) => {
        if (!('message' in g)) return []
        const p = goalPublish(g.message)
        if (typeof p === 'string') return []
        const route = routeMessage(topology, p)
        return [{ goal: g, route, met: outcomeMet(g.outcome, route) }]
      }),
    [level, topology],
  )

  const editing = useMemo<DiagramEditing>(
    () => ({
      bind: (b: BindRequest) => {
        const made = bindLine(b)
        if ('problem' in made) return made.problem
        setText(`${text.replace(/\n*$/, '\n')}${made.line}\n`)
        return null
      },
      unbind: (b: BindingState) => {
        const all = text.split('\n')
        const i = all.findIndex((l) => lineBinds(l, b))
        if (i >= 0) setText([...all.slice(0, i), ...all.slice(i + 1)].join('\n'))
        else setText(`${text.replace(/\n*$/, '\n')}${unbindLine(b)}\n`)
      },
      publish: (_vhost, exchange, key) =>
        setShown(routeMessage(topology, { id: 'try', exchange, routing_key: key, mandatory: true })),
      reveal: () => editorApi.current?.focus(),
      publishKey: () => '',
    }),
    [text, topology, setText],
  )

  const check = () => {
    const g = gradeLevel(level, text)
    setGrade(g)
    if (record) recordCheck(level.id, g)
    if (g.solved && !seen) props.onSolved?.()
  }
  const showSolution = () => {
    setAsking(false)
    setSeen(true)
    if (record) recordSolutionShown(level.id)
    setText(`${level.solution.join('\n')}\n`)
  }

  const rules = [
    level.edit === 'bindings' ? t('rulesBindings') : t('rulesTopology'),
    level.locked?.length ? t('rulesLocked', { names: level.locked.join(', ') }) : '',
    level.maxBindings !== undefined ? t('rulesMax', { n: level.maxBindings }) : '',
    t('par', { n: level.par }),
  ].filter(Boolean)
  const failing = grade?.goals.filter((g) => g.met !== true).length ?? 0
  const diagramPublish = shown?.explanation ?? null
  const diagramTopology = shown ? shown.topology : topology.run.topology

  return (
    <article className="level-page" data-testid="level-page" data-level={level.id}>
      <nav className="level-crumbs">
        <button type="button" className="linkish" onClick={props.onBack} data-testid="level-back">
          ← {t('backToMap')}
        </button>
        <span>{props.context}</span>
      </nav>
      <header className="level-head">
        <h2 data-testid="level-title">
          {level.kind === 'fix' && <span className="badge fix">{t('fixIt')}</span>} {level.title[lang]}
        </h2>
        <p className="level-story">{level.story[lang]}</p>
        <p className="level-rules" data-testid="level-rules">
          {rules.join(' ')}
        </p>
      </header>
      <div className="level-grid">
        <section
          className="panel level-goal-picture"
          aria-labelledby="goal-picture-h"
          data-testid="goal-picture"
        >
          <h3 id="goal-picture-h">{t('goalPicture')}</h3>
          {picture.length > 0 && (
            <table className="goal-table">
              <thead>
                <tr>
                  <th scope="col">{t('messageCol')}</th>
                  <th scope="col">{t('shouldCol')}</th>
                  <th scope="col">{t('nowCol')}</th>
                </tr>
              </thead>
              <tbody>
                {picture.map((row) => (
                  <tr
                    key={row.route.publish.id}
                    className={row.met ? 'met' : 'not-met'}
                    data-testid="goal-row"
                  >
                    <th scope="row">
                      <button
                        type="button"
                        className="linkish"
                        onClick={() => setShown(row.route)}
                        aria-pressed={shown?.publish.id === row.route.publish.id}
                      >
                        {messageLabel(row.route)}
                      </button>
                    </th>
                    <td>{outcomeText(row.goal.outcome, t)}</td>
                    <td>
                      <span aria-hidden="true">{row.met ? '✓ ' : '✗ '}</span>
                      {routeText(row.route, t)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ul className="goal-claims">
            {level.goals.flatMap((g) =>
              'expect' in g
                ? [
                    <li key={g.expect}>
                      <code>expect {g.expect}</code>
                    </li>,
                  ]
                : [],
            )}
          </ul>
        </section>
        <section className="panel level-diagram" aria-labelledby="live-h" data-testid="level-diagram">
          <h3 id="live-h">{t('liveDiagram')}</h3>
          <Suspense fallback={<p className="loading">{t('loadingDiagram')}</p>}>
            <DiagramPane
              topology={diagramTopology}
              publish={diagramPublish}
              theme={theme}
              focus="all"
              showDefaultExchange={diagramPublish?.exchange === ''}
              {...(shown ? {} : { editing })}
            />
          </Suspense>
          {shown && (
            <p className="shown-message">
              {messageLabel(shown)} → {routeText(shown, t)}{' '}
              <button type="button" className="linkish" onClick={() => setShown(null)}>
                ✕
              </button>
            </p>
          )}
        </section>
      </div>
      <section className="panel level-editor" aria-labelledby="level-script-h">
        <h3 id="level-script-h">{t('scriptHeading')}</h3>
        <div className="level-editor-box" data-testid="level-editor">
          <Suspense fallback={<pre className="loading">{text}</pre>}>
            <ScriptEditor
              value={text}
              onChange={setText}
              theme={theme}
              readOnly={false}
              diagnostics={diagnostics}
              outcomes={outcomes}
              onPublish={() => undefined}
              onUndo={undo}
              onRedo={redo}
              declared={() => parsed.declared}
              onReady={(api) => {
                editorApi.current = api
              }}
            />
          </Suspense>
        </div>
        <div className="level-actions">
          <button type="button" className="primary" onClick={check} data-testid="level-check">
            {t('check')}
          </button>
          <button type="button" onClick={undo} data-testid="level-undo">
            {t('undo')}
          </button>
          <button type="button" onClick={redo}>
            {t('redo')}
          </button>
          <button type="button" onClick={() => setText(startText)} data-testid="level-reset">
            {t('reset')}
          </button>
          <button
            type="button"
            onClick={() => setHints((n) => Math.min(n + 1, level.hints.length))}
            disabled={hints >= level.hints.length}
            data-testid="level-hint"
          >
            {hints === 0 ? t('hint') : t('moreHint')}
          </button>
          <button type="button" onClick={() => setAsking(true)} data-testid="level-show-solution">
            {t('showSolution')}
          </button>
        </div>
        {asking && (
          <div className="level-confirm" role="alertdialog" aria-labelledby="confirm-solution-t">
            <p id="confirm-solution-t">{t('confirmSolution')}</p>
            <button
              type="button"
              className="primary"
              onClick={showSolution}
              data-testid="level-confirm-solution"
            >
              {t('yesShow')}
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              {t('cancel')}
            </button>
          </div>
        )}
        {hints > 0 && (
          <ol className="level-hints" data-testid="level-hints">
            {level.hints.slice(0, hints).map((h) => (
              <li key={h.en}>{h[lang]}</li>
            ))}
          </ol>
        )}
      </section>
      {grade && (
        <section className="panel level-result" aria-live="polite" data-testid="level-result">
          <h3>{t('goalHeading')}</h3>
          <p>
            {t('changes', { n: grade.changes })} · {t('par', { n: level.par })}
          </p>
          {grade.problems.length > 0 && (
            <ul className="level-problems" data-testid="level-problems">
              {grade.problems.map((p) => (
                <li key={problemText(p, t)}>{problemText(p, t)}</li>
              ))}
            </ul>
          )}
          <ul className="level-goals" data-failing={failing}>
            {grade.goals.map((g) => (
              <GoalLine key={g.index} g={g} t={t} onShow={setShown} />
            ))}
          </ul>
          {grade.solved && (
            <div
              className={`level-solved ${seen ? 'seen' : ''}`}
              data-testid="level-solved"
              data-at-par={grade.atPar}
            >
              <p>
                {seen
                  ? t('solvedAfterSeen')
                  : grade.atPar
                    ? t('solvedAtPar', { changes: grade.changes })
                    : t('solvedAbovePar', { changes: grade.changes, par: level.par })}
              </p>
              {props.next && (
                <button type="button" className="primary" onClick={props.next} data-testid="level-next">
                  {t('nextLevel')}
                </button>
              )}
            </div>
          )}
        </section>
      )}
    </article>
  )
}
