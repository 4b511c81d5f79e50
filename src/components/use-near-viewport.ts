/**
 * True once the element has come near the viewport (and stays true): heavy parts below the fold — the
 * playground's diagram on a phone — are drawn when the reader gets there, not during the first load.
 * Returns a callback ref, so an element mounted later is observed too.
 */
import { useEffect, useState } from 'react'

export function useNearViewport(margin = '400px'): [boolean, (el: Element | null) => void] {
  const [near, setNear] = useState(false)
  const [el, setEl] = useState<Element | null>(null)
  useEffect(() => {
    if (near || !el) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [el, near, margin])
  return [near, setEl]
}
