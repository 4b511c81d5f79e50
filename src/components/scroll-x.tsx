/**
 * A box for a table that may be wider than its panel (a phone, a long key): it scrolls sideways on
 * its own instead of the page, and only while it does scroll it is a tab stop, so a keyboard can
 * scroll it too (and a wide desktop gains no empty stop).
 */
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'

export function ScrollX({
  children,
  className = 'table-scroll',
}: {
  children: ReactNode
  className?: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const watch = new ResizeObserver(measure)
    watch.observe(el)
    if (el.firstElementChild) watch.observe(el.firstElementChild)
    return () => watch.disconnect()
  }, [])
  return (
    <div ref={box} className={className} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  )
}
