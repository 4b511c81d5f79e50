/**
 * The full list behind a result-table row: every message a queue holds (or every returned, dropped or
 * failed publish), in a dialog over the page. Not modal: `showModal()` makes the rest of the page
 * inert, which restyles every element (160 ms beside a 10,000-message run's 10k nodes); instead the
 * dialog takes focus, Escape and its Close button close it and focus returns to the opener. The list is a listbox with one tab stop: ↑/↓, Page Up/Down and
 * Home/End move through it, Enter or Space (or a click) selects that publish and closes the dialog,
 * Escape closes it. Only the rows in view are in the DOM (fixed row height), so a queue of 10,000
 * messages opens as fast as one of ten; each option says its position (aria-posinset / setsize).
 */
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useT } from '../i18n/messages'
import { explainMessages } from './explain-messages'

export interface ListedMessage {
  /** The publish's index in the run (what `onSelect` receives); -1 when unknown. */
  index: number
  id: string
  /** A short note after the id (a failed publish's error). */
  detail?: string
}

export interface MessageListDialogProps {
  /** The dialog's heading (the row's destination). */
  title: string
  items: readonly ListedMessage[]
  /** The selected publish, marked in the list and active when the dialog opens. */
  selected?: number | null
  onSelect?: (index: number) => void
  onClose: () => void
}

/** Row height in px: the CSS gives `.message-list-row` exactly this height. */
const ROW_PX = 32
/** Rows drawn above and below the visible ones. */
const OVERSCAN = 8
/** The list's height in rows (less on a short screen: the CSS caps it). */
const VISIBLE_ROWS = 16
/** Rows drawn before the list has measured itself. */
const FIRST_ROWS = VISIBLE_ROWS

export function MessageListDialog({ title, items, selected, onSelect, onClose }: MessageListDialogProps) {
  const t = useT(explainMessages)
  const ref = useRef<HTMLDialogElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const baseId = useId()
  const n = items.length
  const initial = (() => {
    const at = selected === null || selected === undefined ? -1 : items.findIndex((m) => m.index === selected)
    return at >= 0 ? at : n - 1
  })()
  const [active, setActive] = useState(initial)
  const [view, setView] = useState({ top: Math.max(0, initial - FIRST_ROWS + 1) * ROW_PX, height: 0 })
  const activeRow = Math.min(active, n - 1)

  // Opened once per mount (the parent mounts a new dialog per row), where `initial` was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, at opening
  useLayoutEffect(() => {
    const d = ref.current
    const list = listRef.current
    if (!d || !list) return
    const opener = document.activeElement as HTMLElement | null
    if (!d.open) d.show()
    // The latest (or the selected) message in view, as the row showed the latest ones.
    list.scrollTop = Math.max(0, (initial + 1) * ROW_PX - list.clientHeight)
    setView({ top: list.scrollTop, height: list.clientHeight })
    list.focus()
    return () => {
      if (d.open) d.close()
      opener?.focus?.()
    }
  }, [])

  // Keep the active option in view when the keyboard moves it.
  const reveal = (row: number) => {
    const list = listRef.current
    if (!list) return
    const top = row * ROW_PX
    if (top < list.scrollTop) list.scrollTop = top
    else if (top + ROW_PX > list.scrollTop + list.clientHeight)
      list.scrollTop = top + ROW_PX - list.clientHeight
    setView({ top: list.scrollTop, height: list.clientHeight })
  }
  const move = (row: number) => {
    const next = Math.max(0, Math.min(n - 1, row))
    setActive(next)
    reveal(next)
  }
  const choose = (row: number) => {
    const m = items[row]
    if (!m || !onSelect || m.index < 0) return
    onSelect(m.index)
    onClose()
  }
  const page = Math.max(1, Math.floor((view.height || ROW_PX * 10) / ROW_PX) - 1)
  const onKeyDown = (e: KeyboardEvent) => {
    const to = (() => {
      switch (e.key) {
        case 'ArrowDown':
          return activeRow + 1
        case 'ArrowUp':
          return activeRow - 1
        case 'PageDown':
          return activeRow + page
        case 'PageUp':
          return activeRow - page
        case 'Home':
          return 0
        case 'End':
          return n - 1
        default:
          return null
      }
    })()
    if (to !== null) move(to)
    else if (e.key === 'Enter' || e.key === ' ') choose(activeRow)
    else return
    e.preventDefault()
  }

  useEffect(() => {
    // New messages may arrive while the list is open: keep the active row inside the list.
    if (active > n - 1) setActive(Math.max(0, n - 1))
  }, [active, n])

  const height = view.height || ROW_PX * FIRST_ROWS
  const first = Math.max(0, Math.floor(view.top / ROW_PX) - OVERSCAN)
  const last = Math.min(n, Math.ceil((view.top + height) / ROW_PX) + OVERSCAN)
  const rows = []
  // The active option is always in the DOM (aria-activedescendant names it), even scrolled away.
  const drawn = activeRow >= 0 && (activeRow < first || activeRow >= last) ? [activeRow] : []
  for (let row = first; row < last; row++) drawn.push(row)
  for (const row of drawn) {
    const m = items[row]
    if (!m) continue
    const isSelected = selected !== null && selected !== undefined && m.index === selected
    rows.push(
      // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox takes the keys (aria-activedescendant)
      // biome-ignore lint/a11y/useFocusableInteractive: options are not tab stops; the listbox is
      <div
        key={row}
        id={`${baseId}-${row}`}
        role="option"
        aria-selected={isSelected}
        aria-posinset={row + 1}
        aria-setsize={n}
        className={`message-list-row${row === activeRow ? ' is-active' : ''}`}
        style={{ top: row * ROW_PX }}
        data-message={m.id}
        data-index={m.index}
        onClick={() => {
          setActive(row)
          choose(row)
        }}
      >
        <span className="message-list-pos" aria-hidden="true">
          {row + 1}
        </span>
        <code className="message-list-id" title={m.id}>
          {m.id}
        </code>
        {m.detail && <span className="message-list-detail">{m.detail}</span>}
      </div>,
    )
  }

  // In <body>: a panel's overflow or containment would clip a fixed box drawn inside it.
  return createPortal(
    <dialog
      ref={ref}
      className="message-list-dialog"
      aria-labelledby={`${baseId}-title`}
      aria-describedby={`${baseId}-keys`}
      data-testid="message-list"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        e.preventDefault()
        onClose()
      }}
    >
      <div className="message-list-head">
        <h2 id={`${baseId}-title`}>{title}</h2>
        <button type="button" onClick={onClose} data-testid="message-list-close">
          {t('listClose')}
        </button>
      </div>
      <p className="why-muted" id={`${baseId}-keys`}>
        {t('listCount', { n })} {onSelect ? t('listKeys') : t('listKeysView')}
      </p>
      <div
        ref={listRef}
        className="message-list"
        role="listbox"
        tabIndex={0}
        aria-labelledby={`${baseId}-title`}
        aria-activedescendant={n > 0 ? `${baseId}-${activeRow}` : undefined}
        onKeyDown={onKeyDown}
        onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
        style={{ height: Math.max(3, Math.min(n, VISIBLE_ROWS)) * ROW_PX + 2 }}
        data-testid="message-list-box"
      >
        <div className="message-list-space" style={{ height: n * ROW_PX }}>
          {rows}
        </div>
      </div>
    </dialog>,
    document.body,
  )
}
