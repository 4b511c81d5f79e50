/**
 * Renders Mermaid text to SVG. Out-of-order renders are dropped; on a render error the last good
 * SVG stays and the error is reported beside it.
 */
import { useEffect, useRef, useState } from 'react'
import { renderMermaid } from './mermaid-loader'

export interface MermaidViewProps {
  text: string
  theme: 'light' | 'dark'
  label: string
  onRendered?: (svg: string) => void
}

export default function MermaidView({ text, theme, label, onRendered }: MermaidViewProps) {
  const host = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let stale = false
    renderMermaid(text, theme === 'dark' ? 'dark' : 'default').then(
      (svg) => {
        if (stale || !host.current) return
        host.current.innerHTML = svg
        setError(null)
        onRendered?.(svg)
      },
      (err: unknown) => {
        if (!stale) setError(err instanceof Error ? err.message : String(err))
      },
    )
    return () => {
      stale = true
    }
  }, [text, theme, onRendered])

  return (
    <figure className="diagram" aria-label={label}>
      <div ref={host} className="diagram-svg" data-testid="diagram" />
      {error && (
        <figcaption role="alert" className="diagram-error">
          {error}
        </figcaption>
      )}
    </figure>
  )
}
