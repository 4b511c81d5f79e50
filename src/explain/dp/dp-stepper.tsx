/**
 * The topic DP table stepper: any pattern and key, dp[i][j] filled one cell at a time from the
 * engine's recorded trace (topicDpTrace), with the transition of each cell, the pseudocode line and
 * the rolling two-row view beside the full table. Any view may embed it (the lessons, the why panel).
 */
import { useMemo, useState } from 'react'
import { ScrollX } from '../../components/scroll-x'
import { type DpTrace, topicDpTrace } from '../../engine'
import { useT } from '../../i18n/messages'
import { PlayerControls } from '../player/player-controls'
import { StepperBody } from '../player/stepper-body'
import { usePlayer, useReducedMotion } from '../player/use-player'
import { explainStep, PSEUDOCODE, pseudocodeLines } from './dp-explain'
import { dpMessages } from './dp-messages'
import { DP_PRESETS } from './dp-presets'
import { Cell, type CellView, cellState, DpLegend, DpTable, EMPTY_CELL, KeyColumnHeads } from './dp-table'

const MAX_WORDS = 12

export interface DpStepperProps {
  pattern: string
  keyText: string
  /** Show the note's example cases as buttons (default true). */
  presets?: boolean
}

export function DpStepper({ pattern: initialPattern, keyText: initialKey, presets = true }: DpStepperProps) {
  const t = useT(dpMessages)
  const [pattern, setPattern] = useState(initialPattern)
  const [key, setKey] = useState(initialKey)
  const words = (s: string) => (s === '' ? 0 : s.split('.').length)
  const tooLong = words(pattern) > MAX_WORDS || words(key) > MAX_WORDS
  const trace = useMemo(() => (tooLong ? null : topicDpTrace(pattern, key)), [pattern, key, tooLong])
  const player = usePlayer(trace?.steps.length ?? 0, `${pattern}\u0000${key}`)
  const [reduced] = useReducedMotion()

  return (
    <section className="stepper dp-stepper" data-testid="stepper-dp" aria-label={t('title')}>
      <h4>{t('title')}</h4>
      <div className="dp-inputs">
        <label>
          {t('pattern')}
          <input
            value={pattern}
            onChange={(e) => setPattern(e.target.value)}
            data-testid="dp-pattern"
            spellCheck={false}
          />
          <small>{t('words', { n: words(pattern) })}</small>
        </label>
        <label>
          {t('key')}
          <input
            value={key}
            onChange={(e) => setKey(e.target.value)}
            data-testid="dp-key"
            spellCheck={false}
          />
          <small>{key === '' ? t('emptyKey') : t('words', { n: words(key) })}</small>
        </label>
      </div>
      {presets && (
        <fieldset className="dp-presets">
          <legend>{t('presets')}</legend>
          {DP_PRESETS.map((p) => (
            <button
              type="button"
              key={`${p.pattern}|${p.key}`}
              aria-pressed={p.pattern === pattern && p.key === key}
              onClick={() => {
                setPattern(p.pattern)
                setKey(p.key)
              }}
            >
              <code>{p.pattern}</code> / <code>{p.key === '' ? '""' : p.key}</code>
            </button>
          ))}
        </fieldset>
      )}
      {tooLong || !trace ? (
        <p role="alert">{t('tooLong', { max: MAX_WORDS })}</p>
      ) : (
        <StepperBody player={player} testId="dp-body">
          <PlayerControls player={player} testId="dp" motion={{ reduced }} />
          <DpView trace={trace} cursor={player.cursor} />
        </StepperBody>
      )}
    </section>
  )
}

function DpView({ trace, cursor }: { trace: DpTrace; cursor: number }) {
  const t = useT(dpMessages)
  const yesNo = (v: boolean) => (v ? t('true') : t('false'))
  // step index of each cell, from the recorded order (not assumed)
  const order = useMemo(() => {
    const o = trace.table.map((row) => row.map(() => 0))
    trace.steps.forEach((s, n) => {
      ;(o[s.i] as number[])[s.j] = n
    })
    return o
  }, [trace])
  const step = cursor > 0 ? (trace.steps[cursor - 1] ?? null) : null
  const done = cursor >= trace.steps.length
  const cell = cellState(trace, order, cursor, step)
  const lit = cursor === 0 ? [] : pseudocodeLines(done ? null : step)
  const P = trace.patternWords.length
  const K = trace.keyWords.length
  let message = t('notStarted')
  if (step) {
    const e = explainStep(step, trace, yesNo)
    message = t(e.key, e.params)
  }

  return (
    <div className="dp-view">
      <p className="stepper-explain" data-testid="dp-explain" aria-live="polite">
        {message}
      </p>
      {done && (
        <p className={`stepper-result ${trace.matched ? 'ok' : 'bad'}`} data-testid="dp-result">
          {t('result', {
            p: P,
            k: K,
            value: yesNo(trace.matched),
            verdict: trace.matched ? t('matches') : t('doesNotMatch'),
          })}
        </p>
      )}
      <DpLegend stepping />
      <div className="dp-panels">
        <DpTable grid={trace} cell={cell} caption={t('fullTable')} />
        <RollingView trace={trace} step={step} cell={cell} />
        <figure className="pseudocode" data-testid="dp-pseudocode">
          <figcaption>{t('pseudocode')}</figcaption>
          <ol>
            {PSEUDOCODE.map((line, n) => (
              <li
                key={line.code}
                className={lit.includes(n) ? 'is-lit' : undefined}
                data-lit={lit.includes(n) || undefined}
              >
                <code>{line.code}</code>
                <span className="pc-note">{`// ${t(line.note)}`}</span>
              </li>
            ))}
          </ol>
        </figure>
      </div>
    </div>
  )
}

/** The note's two-row view: the finished row above and the row being filled, from trace.rolling. */
/** A row heading that names one of the two rolling arrays: the array's name is code (`prev`, `cur`). */
function ArrayName({ name, text }: { name: string; text: string }) {
  const at = text.indexOf(name)
  if (at < 0) return <>{text}</>
  return (
    <>
      {text.slice(0, at)}
      <code>{name}</code>
      {text.slice(at + name.length)}
    </>
  )
}

function RollingView({
  trace,
  step,
  cell,
}: {
  trace: DpTrace
  step: { i: number } | null
  cell: (i: number, j: number) => CellView
}) {
  const t = useT(dpMessages)
  const i = step?.i ?? 0
  const roll = trace.rolling[i]
  const cols = trace.keyWords.length + 1
  const full = (v: boolean): CellView => ({ filled: true, value: v, current: false, source: false })
  return (
    <ScrollX className="dp-scroll">
      <table className="dp-table dp-rolling" data-testid="dp-rolling">
        <caption>{t('rolling')}</caption>
        <thead>
          <tr>
            <th scope="col" />
            <KeyColumnHeads keyWords={trace.keyWords} />
          </tr>
        </thead>
        <tbody>
          <tr data-testid="dp-rolling-prev">
            <th scope="row">
              {i === 0 || !step ? t('noPrev') : <ArrayName name="prev" text={t('prevRow', { i: i - 1 })} />}
            </th>
            {Array.from({ length: cols }, (_, j) => {
              const v = roll?.prev?.[j]
              const view: CellView =
                step && v !== undefined ? { ...full(v), source: cell(i - 1, j).source } : EMPTY_CELL
              // biome-ignore lint/suspicious/noArrayIndexKey: column index = key position
              return <Cell key={j} view={view} label={`prev[${j}]`} />
            })}
          </tr>
          <tr data-testid="dp-rolling-cur">
            <th scope="row">{step ? <ArrayName name="cur" text={t('curRow', { i })} /> : t('noPrev')}</th>
            {Array.from({ length: cols }, (_, j) => {
              const c = step ? cell(i, j) : EMPTY_CELL
              const view = c.filled ? { ...c, value: roll?.cur[j] ?? false } : c
              // biome-ignore lint/suspicious/noArrayIndexKey: column index = key position
              return <Cell key={j} view={view} label={`cur[${j}]`} />
            })}
          </tr>
        </tbody>
      </table>
    </ScrollX>
  )
}
