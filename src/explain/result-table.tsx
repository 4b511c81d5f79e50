/**
 * The run's result as an accessible table: one row per queue (`data-queue`) with the messages it
 * holds in order, then returned, dropped and failed messages in rows of their own. With
 * `onSelect`, every message is a button that selects that publish (by its index in the run).
 * Large runs stay light and hide nothing: a row lists its latest messages (with how many came
 * before) and a button opens all of them (MessageListDialog, virtualised); outcome rows list the
 * latest ones and the same button opens every one. A row is drawn again only when its messages or
 * the selection in it change.
 */
import { Fragment, memo, useCallback, useState } from 'react'
import type { OperationOutcome, RunResult, ScenarioError } from '../engine'
import { useT } from '../i18n/messages'
import { explainMessages } from './explain-messages'
import { type ListedMessage, MessageListDialog } from './message-list-dialog'
import { operationLabel } from './operation-label'
import './explain.css'

const STAGE_KEY = {
  declare: 'stageDeclare',
  bind: 'stageBind',
  unbind: 'stageUnbind',
  delete: 'stageDelete',
  publish: 'stagePublish',
  policy: 'stagePolicy',
} as const satisfies Record<ScenarioError['stage'], string>

export interface ResultTableProps {
  /**
   * `failures`: the refused operations in order (they carry the script line of each error).
   * `origins`: the publish of each held message (a queue's ids are not simply its arrivals).
   */
  run: Pick<RunResult, 'result' | 'publishes' | 'origins'> & { failures?: readonly OperationOutcome[] }
  /** The selected publish (index in `run.publishes`). */
  selected?: number | null
  onSelect?: (index: number) => void
}

function Message(props: {
  index: number
  id: string
  selected?: number | null
  onSelect?: (index: number) => void
}) {
  const onSelect = props.onSelect
  if (!onSelect) return <code data-message={props.id}>{props.id}</code>
  return (
    <button
      type="button"
      className="message-pick"
      aria-pressed={props.selected === props.index}
      data-index={props.index}
      data-message={props.id}
      onClick={() => onSelect(props.index)}
    >
      {props.id}
    </button>
  )
}

/** Messages listed per queue row, and outcome rows listed per kind (the latest ones). */
const ROW_MESSAGES = 6
const OUTCOME_ROWS = 50

type Pick2 = { selected?: number | null; onSelect?: (index: number) => void }

interface QueueRowProps extends Pick2 {
  name: string
  ids: string[]
  indexes: number[]
  onShowAll: (list: ListKey) => void
}

/** Which full list is open: a queue's messages or one kind of outcome. */
type ListKey = { kind: 'queue'; name: string } | { kind: 'returned' | 'dropped' | 'error' }

function ShowAll({
  n,
  what,
  list,
  onShowAll,
}: {
  n: number
  what: string
  list: ListKey
  onShowAll: (l: ListKey) => void
}) {
  const t = useT(explainMessages)
  return (
    <button
      type="button"
      className="show-all"
      aria-haspopup="dialog"
      aria-label={t('showAllLabel', { n, what })}
      data-testid="show-all"
      onClick={() => onShowAll(list)}
    >
      {t('showAll', { n })}
    </button>
  )
}

const QueueRow = memo(
  function QueueRow({ name, ids, indexes, selected, onSelect, onShowAll }: QueueRowProps) {
    const t = useT(explainMessages)
    const from = Math.max(0, ids.length - ROW_MESSAGES)
    return (
      <tr data-queue={name}>
        <th scope="row">{t('queueRow', { name })}</th>
        <td>
          {ids.length === 0 && <span className="why-muted">{t('none')}</span>}
          {from > 0 && <span className="why-muted">{t('earlier', { n: from })} </span>}
          {ids.slice(from).map((id, k) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message id may arrive twice (two publishes)
            <Fragment key={from + k}>
              {k > 0 && ', '}
              <Message id={id} index={indexes[from + k] ?? -1} selected={selected} onSelect={onSelect} />
            </Fragment>
          ))}
          {from > 0 && (
            <>
              {' '}
              <ShowAll
                n={ids.length}
                what={t('queueRow', { name })}
                list={{ kind: 'queue', name }}
                onShowAll={onShowAll}
              />
            </>
          )}
        </td>
      </tr>
    )
  },
  // Messages only arrive at the end of a row; the selection matters only where it is.
  (a, b) =>
    a.name === b.name &&
    a.ids.length === b.ids.length &&
    a.ids[a.ids.length - 1] === b.ids[b.ids.length - 1] &&
    a.indexes.length === b.indexes.length &&
    a.indexes[a.indexes.length - 1] === b.indexes[b.indexes.length - 1] &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onShowAll === b.onShowAll,
)

/** The latest `OUTCOME_ROWS` of a list, and how many earlier ones are left out. */
function latest<T>(list: T[]): { shown: T[]; hidden: number } {
  const hidden = Math.max(0, list.length - OUTCOME_ROWS)
  return { shown: list.slice(hidden), hidden }
}

function ResultTable({ run, selected, onSelect }: ResultTableProps) {
  const t = useT(explainMessages)
  const [open, setOpen] = useState<ListKey | null>(null)
  const onShowAll = useCallback((list: ListKey) => setOpen(list), [])
  const { queues, errors } = run.result
  const indexed = run.publishes.map((p, index) => ({ p, index }))
  const all = {
    returned: indexed.filter(({ p }) => p.outcome.kind === 'returned'),
    dropped: indexed.filter(({ p }) => p.outcome.kind === 'dropped'),
    error: indexed.filter(({ p }) => p.outcome.kind === 'error'),
  }
  const returned = latest(all.returned)
  const dropped = latest(all.dropped)
  const failedPublishes = latest(all.error)
  const outcomeTitle = {
    returned: t('returnedRow'),
    dropped: t('droppedRow'),
    error: t('errorRow', { code: '', stage: t('stagePublish') }),
  }
  // The open list, read from the current run: messages that arrive meanwhile join it.
  const list: { title: string; items: ListedMessage[] } | null = !open
    ? null
    : open.kind === 'queue'
      ? {
          title: t('queueRow', { name: open.name }),
          items: (queues[open.name] ?? []).map((id, k) => ({ id, index: run.origins[open.name]?.[k] ?? -1 })),
        }
      : {
          title: outcomeTitle[open.kind],
          items: all[open.kind].map(({ p, index }) => ({
            id: p.id,
            index,
            ...(p.outcome.kind === 'error' ? { detail: `${p.outcome.code} ${p.outcome.text}` } : {}),
          })),
        }
  const otherErrors = errors.filter((e) => e.stage !== 'publish')
  // the refusals of non-publish operations, in the same order as otherErrors
  const refused = (run.failures ?? []).filter((o) => o.op !== 'publish')
  const pick = { selected, onSelect }
  return (
    <>
      <table className="result-table" data-testid="result-table">
        <caption>{t('resultCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('colDestination')}</th>
            <th scope="col">{t('colMessages')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(queues).map(([name, ids]) => {
            const indexes = run.origins[name] ?? NONE
            const here = selected !== undefined && selected !== null && indexes.includes(selected)
            return (
              <QueueRow
                key={name}
                name={name}
                ids={ids}
                indexes={indexes}
                selected={here ? selected : null}
                onSelect={onSelect}
                onShowAll={onShowAll}
              />
            )
          })}
          <Earlier
            n={returned.hidden}
            total={all.returned.length}
            what={outcomeTitle.returned}
            kind="returned"
            onShowAll={onShowAll}
          />
          {returned.shown.map(({ p, index }) => (
            <tr key={`r${index}`} data-returned={p.id}>
              <th scope="row">{t('returnedRow')}</th>
              <td>
                <Message id={p.id} index={index} {...pick} />
              </td>
            </tr>
          ))}
          <Earlier
            n={dropped.hidden}
            total={all.dropped.length}
            what={outcomeTitle.dropped}
            kind="dropped"
            onShowAll={onShowAll}
          />
          {dropped.shown.map(({ p, index }) => (
            <tr key={`d${index}`} data-dropped={p.id}>
              <th scope="row">{t('droppedRow')}</th>
              <td>
                <Message id={p.id} index={index} {...pick} />
              </td>
            </tr>
          ))}
          <Earlier
            n={failedPublishes.hidden}
            total={all.error.length}
            what={outcomeTitle.error}
            kind="error"
            onShowAll={onShowAll}
          />
          {failedPublishes.shown.map(({ p, index }) =>
            p.outcome.kind === 'error' ? (
              <tr key={`p${index}`} data-error={p.id} data-code={p.outcome.code}>
                <th scope="row">{t('errorRow', { code: p.outcome.code, stage: t('stagePublish') })}</th>
                <td>
                  <Message id={p.id} index={index} {...pick} /> <code>{p.outcome.text}</code>
                </td>
              </tr>
            ) : null,
          )}
          {otherErrors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: ids may repeat across operations
            <tr key={`e${i}`} data-error={e.id} data-code={e.code}>
              <th scope="row">{t('errorRow', { code: e.code, stage: t(STAGE_KEY[e.stage]) })}</th>
              <td>
                {/* a script names the line; a scenario names the operation ("binding 3") */}
                {refused[i]?.loc
                  ? t('errorAtLine', { line: refused[i]?.loc?.line ?? 0 })
                  : operationLabel(e.id, t)}{' '}
                <code>{e.text}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list && (
        <MessageListDialog
          key={open?.kind === 'queue' ? `q:${open.name}` : open?.kind}
          title={list.title}
          items={list.items}
          selected={selected}
          onSelect={onSelect}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  )
}

function Earlier(props: {
  n: number
  total: number
  what: string
  kind: 'returned' | 'dropped' | 'error'
  onShowAll: (list: ListKey) => void
}) {
  const t = useT(explainMessages)
  const { n, what } = props
  if (n === 0) return null
  return (
    <tr data-more={n}>
      <th scope="row">{what}</th>
      <td>
        <span className="why-muted">{t('earlierRows', { n })}</span>{' '}
        <ShowAll n={props.total} what={what} list={{ kind: props.kind }} onShowAll={props.onShowAll} />
      </td>
    </tr>
  )
}

const NONE: number[] = []

export default memo(ResultTable)
