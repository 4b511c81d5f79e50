/**
 * The run's result as an accessible table: one row per queue (`data-queue`) with the message ids it
 * received in arrival order, then returned, dropped and failed messages in rows of their own.
 */
import type { RunResult } from '../engine'
import { useT } from '../i18n/messages'
import { explainMessages } from './explain-messages'
import './explain.css'

export interface ResultTableProps {
  run: Pick<RunResult, 'result' | 'publishes'>
}

function Ids({ ids, none }: { ids: string[]; none: string }) {
  if (ids.length === 0) return <span className="why-muted">{none}</span>
  return (
    <>
      {ids.map((id, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a message id may arrive twice (two publishes)
        <span key={i}>
          {i > 0 && ', '}
          <code data-message={id}>{id}</code>
        </span>
      ))}
    </>
  )
}

export default function ResultTable({ run }: ResultTableProps) {
  const t = useT(explainMessages)
  const { queues, returns, errors } = run.result
  const dropped = run.publishes.filter((p) => p.outcome.kind === 'dropped').map((p) => p.id)
  return (
    <table className="result-table" data-testid="result-table">
      <caption>{t('resultCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('colDestination')}</th>
          <th scope="col">{t('colMessages')}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(queues).map(([name, ids]) => (
          <tr key={name} data-queue={name}>
            <th scope="row">{t('queueRow', { name })}</th>
            <td>
              <Ids ids={ids} none={t('none')} />
            </td>
          </tr>
        ))}
        {returns.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ids may repeat across publishes
          <tr key={`r${i}`} data-returned={r.id}>
            <th scope="row">{t('returnedRow')}</th>
            <td>
              <code>{r.id}</code>
            </td>
          </tr>
        ))}
        {dropped.map((id, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ids may repeat across publishes
          <tr key={`d${i}`} data-dropped={id}>
            <th scope="row">{t('droppedRow')}</th>
            <td>
              <code>{id}</code>
            </td>
          </tr>
        ))}
        {errors.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ids may repeat across operations
          <tr key={`e${i}`} data-error={e.id} data-code={e.code}>
            <th scope="row">{t('errorRow', { code: e.code, stage: e.stage })}</th>
            <td>{t('errorDetail', { id: e.id, text: e.text })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
