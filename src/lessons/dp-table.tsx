/** The full dp[i][j] table of a trace, showing only the cells filled so far. */
import type { DpStep, DpTrace } from '../engine'

export interface CellView {
  filled: boolean
  value: boolean
  current: boolean
  source: boolean
}

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

export function wordLabel(w: string): string {
  return w === '' ? '""' : w
}

export function Cell({ view, label }: { view: CellView; label: string }) {
  const cls = ['dp-cell', view.filled ? (view.value ? 'is-true' : 'is-false') : 'is-empty']
  if (view.current) cls.push('is-current')
  if (view.source) cls.push('is-source')
  return (
    <td className={cls.join(' ')} aria-label={label} data-value={view.filled ? String(view.value) : ''}>
      {view.filled ? (view.value ? 'T' : 'F') : '·'}
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
  trace,
  cell,
  caption,
}: {
  trace: DpTrace
  cell: (i: number, j: number) => CellView
  caption: string
}) {
  return (
    <table className="dp-table" data-testid="dp-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">i \ j</th>
          <KeyColumnHeads keyWords={trace.keyWords} />
        </tr>
      </thead>
      <tbody>
        {trace.table.map((row, i) => (
          // rows are fixed by the trace; the index is their identity
          // biome-ignore lint/suspicious/noArrayIndexKey: row index = pattern position
          <tr key={i} data-testid={`dp-row-${i}`}>
            <th scope="row">
              <span className="dp-index">{i}</span>
              <span className="dp-word">{i === 0 ? '∅' : wordLabel(trace.patternWords[i - 1] ?? '')}</span>
            </th>
            {row.map((_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column index = key position
              <Cell key={j} view={cell(i, j)} label={`dp[${i}][${j}]`} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
