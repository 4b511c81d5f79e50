/**
 * Saves a code exercise's text into the progress store shortly after each change, and at once when
 * the page is hidden or the panel closes, so a reload or a crashed tab loses at most the last moment.
 */
import { useEffect, useRef } from 'react'

const DELAY_MS = 400

export function useAutosave(
  id: string,
  text: string,
  /** True while the text is an untouched starter: nothing worth saving yet. */
  untouched: boolean,
  save: (id: string, text: string) => void,
): void {
  const pending = useRef<string | null>(null)
  useEffect(() => {
    if (untouched) return
    pending.current = text
    const timer = setTimeout(() => {
      pending.current = null
      save(id, text)
    }, DELAY_MS)
    return () => clearTimeout(timer)
  }, [id, text, untouched, save])
  useEffect(() => {
    const flush = () => {
      if (pending.current === null) return
      const last = pending.current
      pending.current = null
      save(id, last)
    }
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [id, save])
}
