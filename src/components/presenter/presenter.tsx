/**
 * A whole-screen presentation shell: one slide at a time in large type, ← / → / space / PageUp /
 * PageDown / Home / End to move, Esc to leave. The slide scrolls inside its own area and the control
 * bar sits below it (never over it), so a diagram and its controls stay visible together on a
 * 1024×768 projector at 150% zoom. Labels come in as props: this shared piece knows no catalogue and
 * no store. Keys a slide handles itself (a stepper's ← →, typing, a focused button's space) are left
 * to it.
 */
import { type ReactNode, useEffect, useRef } from 'react'
import './presenter.css'

export interface PresenterLabels {
  /** Accessible name of the presentation. */
  region: string
  prev: string
  next: string
  close: string
  /** The position, already formatted ("3 / 7"). */
  position: string
  /** One line on the keys. */
  keys: string
}

export interface PresenterProps {
  index: number
  total: number
  onIndex: (index: number) => void
  onClose: () => void
  labels: PresenterLabels
  /** Shown small above the slide (e.g. the lesson title). */
  heading?: ReactNode
  /** Extra controls for the bar (e.g. Reveal). */
  actions?: ReactNode
  /** The current slide. */
  children?: ReactNode
  testId?: string
}

const MOVES: Record<string, 'next' | 'prev' | 'first' | 'last' | 'close'> = {
  ArrowRight: 'next',
  PageDown: 'next',
  ' ': 'next',
  ArrowLeft: 'prev',
  PageUp: 'prev',
  Home: 'first',
  End: 'last',
  Escape: 'close',
}

/** Keys that must stay with the element they were typed in. */
function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return true
  if (key === ' ' && target.closest('button, a, summary, [role="button"]')) return true
  return false
}

export function Presenter(props: PresenterProps) {
  const { index, total, onIndex, onClose, labels, testId = 'presenter' } = props
  const root = useRef<HTMLDivElement>(null)
  const slide = useRef<HTMLDivElement>(null)
  const latest = useRef(props)
  latest.current = props

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    root.current?.focus()
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      previous?.focus?.()
    }
  }, [])

  // a new slide starts at its top (reset while rendering the new index, before it paints)
  const shown = useRef(index)
  if (shown.current !== index) {
    shown.current = index
    slide.current?.scrollTo?.({ top: 0 })
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // a stepper inside the slide already handled it (it prevents the default of its keys)
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      if (ownsKeys(e.target, e.key)) return
      const move = MOVES[e.key]
      if (!move) return
      const p = latest.current
      const last = p.total - 1
      const action = {
        next: () => p.onIndex(Math.min(last, p.index + 1)),
        prev: () => p.onIndex(Math.max(0, p.index - 1)),
        first: () => p.onIndex(0),
        last: () => p.onIndex(last),
        close: () => p.onClose(),
      }[move]
      e.preventDefault()
      action()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div
      ref={root}
      className="presenter"
      role="dialog"
      aria-modal="true"
      aria-label={labels.region}
      tabIndex={-1}
      data-testid={testId}
      data-index={index}
    >
      {props.heading && <div className="presenter-heading">{props.heading}</div>}
      <div ref={slide} className="presenter-slide" data-testid={`${testId}-slide`}>
        {props.children}
      </div>
      <div className="presenter-bar" role="toolbar" aria-label={labels.region}>
        <button
          type="button"
          onClick={() => onIndex(index - 1)}
          disabled={index <= 0}
          data-testid={`${testId}-prev`}
        >
          {labels.prev}
        </button>
        <output className="presenter-position" data-testid={`${testId}-position`}>
          {labels.position}
        </output>
        <button
          type="button"
          onClick={() => onIndex(index + 1)}
          disabled={index >= total - 1}
          data-testid={`${testId}-next`}
        >
          {labels.next}
        </button>
        {props.actions}
        <span className="presenter-keys">{labels.keys}</span>
        <button type="button" className="presenter-close" onClick={onClose} data-testid={`${testId}-close`}>
          {labels.close}
        </button>
      </div>
    </div>
  )
}

/**
 * Brings a just-revealed answer into view inside its scrolling area (the presenter's slide or the
 * page), without a jump when it is already visible. What the reveal shows above it (a diagram
 * redrawn with the path, the outcome text) may still change height for a moment: while it does,
 * the answer is followed.
 */
export function scrollToAnswer(el: Element | null): void {
  if (!el) return
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
  const show = () => el.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' })
  show()
  const around = el.closest('.step-slide') ?? el.parentElement
  if (!around || typeof ResizeObserver !== 'function') return
  // follow until the layout is quiet (or at most 1.5 s), and never against the learner's own moves
  let quiet = setTimeout(() => stop(), 400)
  const follow = new ResizeObserver(() => {
    show()
    clearTimeout(quiet)
    quiet = setTimeout(() => stop(), 400)
  })
  const INPUT = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const
  const stop = () => {
    clearTimeout(quiet)
    clearTimeout(cap)
    follow.disconnect()
    for (const type of INPUT) window.removeEventListener(type, stop, true)
  }
  const cap = setTimeout(stop, 1500)
  follow.observe(around)
  for (const type of INPUT) window.addEventListener(type, stop, { capture: true, passive: true })
}
