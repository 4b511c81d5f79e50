/** The full reason of one binding evaluation, by exchange kind. */
import type { BindingEvaluation } from '../engine'
import type { ExplainT } from './explain-messages'
import { HeadersTable } from './headers-table'
import { reasonLine } from './routing-reason'
import { TopicReason } from './topic-reason'

export function BindingReason({ ev, t }: { ev: BindingEvaluation; t: ExplainT }) {
  const r = ev.reason
  if (r.kind === 'topic') {
    return (
      <>
        {r.perKey.map((te, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one per routing key, in order (keys may repeat)
          <TopicReason key={i} te={te} t={t} />
        ))}
      </>
    )
  }
  if (r.kind === 'headers') {
    return (
      <div className="headers-reason">
        <p>{reasonLine(ev, t)}</p>
        {r.rows.length > 0 && <HeadersTable rows={r.rows} t={t} />}
      </div>
    )
  }
  return <p>{reasonLine(ev, t)}</p>
}
