/**
 * The script as plain, read-only text, drawn before Monaco (about 850 KB gzip) arrives: the page is
 * readable and the diagram and result work meanwhile. Same box, font and line height as the editor,
 * so nothing moves when the editor replaces it. Pointing at it, focusing it or pressing a key asks
 * for the editor (`onIntent`); a click remembers its line so the cursor can land there.
 */
import type { KeyboardEvent, PointerEvent } from 'react'
import { useT } from '../i18n/messages'
import { editorMessages } from './editor-messages'
import './script-preview.css'

export interface ScriptPreviewProps {
  text: string
  /** The editor is on its way (the hint says so). */
  loading?: boolean
  /** Asks for the real editor; `line` when a line was clicked. */
  onIntent?: (how: { line?: number; focus?: boolean }) => void
}

function lineOf(e: PointerEvent<HTMLElement>): number | undefined {
  const el = (e.target as HTMLElement).closest<HTMLElement>('[data-line]')
  return el ? Number(el.dataset.line) : undefined
}

export function ScriptPreview({ text, loading = false, onIntent }: ScriptPreviewProps) {
  const t = useT(editorMessages)
  const ask = onIntent ?? (() => {})
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' && e.key !== 'Shift') ask({ focus: true })
  }
  return (
    <div className="script-editor script-preview" data-testid="script-preview">
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region a keyboard user can reach (and open the editor from)
        tabIndex={0}
        aria-label={t('previewLabel')}
        onPointerEnter={() => ask({})}
        onPointerDown={(e) => ask({ line: lineOf(e), focus: true })}
        onFocus={() => ask({ focus: true })}
        onKeyDown={onKeyDown}
      >
        <pre>
          {text.split('\n').map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positions
            <span key={i} className="pv-line" data-line={i + 1}>
              {line}
              {'\n'}
            </span>
          ))}
        </pre>
      </section>
      <p className="script-preview-hint" aria-hidden="true">
        {loading ? t('loadingEditor') : t('previewHint')}
      </p>
    </div>
  )
}
