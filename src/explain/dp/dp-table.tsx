/**
 * The one topic DP table, used by the why panel (every cell known) and the stepper (cells appear as
 * they are filled). One notation everywhere: ✓ true, ✗ false, an empty cell is not computed yet, and
 * ∅ heads the row and column of "no word yet". DpLegend says so in words.
 */
import { ScrollX } from '../../components/scroll-x'
import type { DpStep, DpTrace } from '../../engine'
import { useT } from '../../i18n/messages'
import { dpMessages } from './dp-messages'
import './dp.css'

/** What the table needs: the words on both sides and the boolean table (a DpTrace or a TopicExplanation). */
export interface DpGrid {
  patternWords: string[]
  keyWords: string[]
  table: boolean[][]
}

export interface CellView {
  filled: boolean
  value: boolean
  current: boolean
  source: boolean
}

const FULL = (value: boolean): CellView => ({ filled: true, value, current: false, source: false })
export const EMPTY_CELL: CellView = { filled: false, value: false, current: false, source: false }

/** Cell states of a trace at `cursor` steps: filled in the engine's recorded order. */
export function cellState(trace: DpTrace, order: number[][], cursor: number, step: DpStep | null) {
  return (i: number, j: number): CellView => {
    const at = (order[i] as number[])[j] as number
    return {
      filled: at < cursor,
      value: ((trace.table[i] as boolean[])[j] as boolean) && at < cursor,
      current: step !== null && step.i === i && step.j === j,
      source: step?.from.some(([fi, fj]) => fi === i && fj === j) ?? false,
    }
  }
}

function wordLabel(w: string): string {
  return w === '' ? '""' : w
}

export function Cell({ view, label }: { view: CellView; label: string }) {
  const t = useT(dpMessages)
  const cls = ['dp-cell', view.filled ? (view.value ? 'is-true' : 'is-false') : 'is-empty']
  if (view.current) cls.push('is-current')
  if (view.source) cls.push('is-source')
  const said = view.filled ? (view.value ? t('true') : t('false')) : t('notYet')
  return (
    <td
      className={cls.join(' ')}
      aria-label={`${label}: ${said}`}
      data-cell={label}
      data-value={view.filled ? String(view.value) : ''}
    >
      {view.filled ? (view.value ? '✓' : '✗') : ''}
    </td>
  )
}

/** One column head per key position: j = 0 (no word yet) then each key word. */
export function KeyColumnHeads({ keyWords }: { keyWords: string[] }) {
  return (
    <>
      {Array.from({ length: keyWords.length + 1 }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: column index = key position
        <th key={`h${j}`} scope="col">
          <span className="dp-index">{j}</span>
          <span className="dp-word">{j === 0 ? '∅' : wordLabel(keyWords[j - 1] ?? '')}</span>
        </th>
      ))}
    </>
  )
}

export function DpTable({
  grid,
  cell,
  caption,
  testId = 'dp-table',
}: {
  grid: DpGrid
  /** The state of each cell; omitted = every cell filled (the why panel). */
  cell?: (i: number, j: number) => CellView
  caption: string
  testId?: string
}) {
  const view = cell ?? ((i: number, j: number) => FULL(grid.table[i]?.[j] === true))
  // A long key makes the table wider than a phone: it scrolls in its own box, never the page.
  return (
    <ScrollX className="dp-scroll">
      <table className="dp-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">i \ j</th>
            <KeyColumnHeads keyWords={grid.keyWords} />
          </tr>
        </thead>
        <tbody>
          {grid.table.map((row, i) => (
            // rows are fixed by the trace; the index is their identity
            // biome-ignore lint/suspicious/noArrayIndexKey: row index = pattern position
            <tr key={i} data-testid={`dp-row-${i}`}>
              <th scope="row">
                <span className="dp-index">{i}</span>
                <span className="dp-word">{i === 0 ? '∅' : wordLabel(grid.patternWords[i - 1] ?? '')}</span>
              </th>
              {row.map((_, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: column index = key position
                <Cell key={j} view={view(i, j)} label={`dp[${i}][${j}]`} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  )
}

/** The one legend of the DP table; `stepping` adds the frames the stepper draws. */
export function DpLegend({ stepping = false }: { stepping?: boolean }) {
  const t = useT(dpMessages)
  return (
    <p className="dp-legend" data-testid="dp-legend">
      {t('legendCells')}
      {stepping && <> {t('legendFrames')}</>}
    </p>
  )
}
