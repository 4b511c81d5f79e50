/**
 * The one player of a recorded trace, shared by the steppers, the lessons and the timeline: a cursor
 * over `total` steps (0 = nothing applied yet), play/pause on a timer, a speed, and the keyboard map.
 * Nothing starts by itself.
 */
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react'

export const SPEEDS = [0.5, 1, 2, 4] as const
const BASE_DELAY_MS = 900

export interface PlayerOptions {
  /** Cursor after a (re)load; default 0. */
  initial?: number
  /** Time per step at speed 1×; default 900 ms. */
  delayMs?: number
  /** Time before the first step when playing from the start (defaults to delayMs). */
  firstDelayMs?: number
}

export interface Player {
  cursor: number
  total: number
  playing: boolean
  speed: number
  setCursor: (n: number) => void
  forward: () => void
  back: () => void
  toStart: () => void
  toEnd: () => void
  toggle: () => void
  setSpeed: (s: number) => void
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void
}

/** `resetKey` changes when a new trace is loaded: the cursor goes back to the start. */
export function usePlayer(total: number, resetKey: string, options: PlayerOptions = {}): Player {
  const { initial = 0, delayMs = BASE_DELAY_MS, firstDelayMs } = options
  const [cursor, setCursorRaw] = useState(initial)
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState(1)
  const [loadedKey, setLoadedKey] = useState(resetKey)

  // Reset while rendering (not in an effect): an effect would first commit the new trace with the
  // old cursor, e.g. "step 16 / 6" with a table drawn past its last step.
  if (loadedKey !== resetKey) {
    setLoadedKey(resetKey)
    setCursorRaw(Math.min(initial, total))
    setPlaying(false)
  }

  useEffect(() => {
    if (!playing) return
    if (cursor >= total) {
      setPlaying(false)
      return
    }
    const delay = cursor === 0 && firstDelayMs !== undefined ? firstDelayMs : delayMs / speed
    const timer = setTimeout(() => setCursorRaw((c) => Math.min(total, c + 1)), delay)
    return () => clearTimeout(timer)
  }, [playing, cursor, total, speed, delayMs, firstDelayMs])

  const setCursor = useCallback(
    (n: number) => {
      setPlaying(false)
      setCursorRaw(Math.max(0, Math.min(total, n)))
    },
    [total],
  )
  const forward = useCallback(() => setCursorRaw((c) => Math.min(total, c + 1)), [total])
  const back = useCallback(() => {
    setPlaying(false)
    setCursorRaw((c) => Math.max(0, c - 1))
  }, [])
  const toStart = useCallback(() => {
    setPlaying(false)
    setCursorRaw(0)
  }, [])
  const toEnd = useCallback(() => {
    setPlaying(false)
    setCursorRaw(total)
  }, [total])
  const toggle = useCallback(() => {
    setPlaying((p) => {
      // playing from the end starts over
      if (!p) setCursorRaw((c) => (c >= total ? 0 : c))
      return !p
    })
  }, [total])

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      const target = e.target as HTMLElement
      const typing = target.closest('input, textarea, select') !== null
      if (typing) return
      // space on a focused button is the button's own click
      if (e.key === ' ' && target.closest('button')) return
      const actions: Record<string, () => void> = {
        ArrowRight: forward,
        ArrowLeft: back,
        ' ': toggle,
        Home: toStart,
        End: toEnd,
      }
      const action = actions[e.key]
      if (!action || e.altKey || e.ctrlKey || e.metaKey) return
      e.preventDefault()
      action()
    },
    [forward, back, toggle, toStart, toEnd],
  )

  return {
    cursor,
    total,
    playing,
    speed,
    setCursor,
    forward,
    back,
    toStart,
    toEnd,
    toggle,
    setSpeed,
    onKeyDown,
  }
}

const REDUCED_QUERY = '(prefers-reduced-motion: reduce)'
const systemPrefers = () => typeof matchMedia === 'function' && matchMedia(REDUCED_QUERY).matches

/** Reduced motion: starts from the system's preference and follows it until the user chooses. */
export function useReducedMotion(): [boolean, (v: boolean) => void] {
  const [system, setSystem] = useState(systemPrefers)
  const [chosen, setChosen] = useState<boolean | null>(null)
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const media = matchMedia(REDUCED_QUERY)
    const onChange = () => setSystem(media.matches)
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [])
  return [chosen ?? system, setChosen]
}
