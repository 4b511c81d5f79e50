/** Export buttons: SVG, PNG, and the Mermaid source (copy, download, or select by hand). */
import { useState } from 'react'
import { download } from '../components/download'
import { useT } from '../i18n/messages'
import { diagramMessages } from './diagram-messages'
import { pngBlob, svgBlob } from './export'

export interface DiagramExportProps {
  /** The displayed SVG with its overlay (null until the first render), read when asked for. */
  getSvg: () => string | null
  /** The Mermaid source of what is shown (topology and message), built when asked for. */
  getSource: () => string
  theme: 'light' | 'dark'
}

const BACKGROUND = { light: '#ffffff', dark: '#111827' }

export function DiagramExport({ getSvg, getSource, theme }: DiagramExportProps) {
  const t = useT(diagramMessages)
  const [status, setStatus] = useState<string | null>(null)
  const [showSource, setShowSource] = useState(false)

  async function run(action: () => Promise<void> | void) {
    try {
      await action()
      setStatus(null)
    } catch (e) {
      setStatus(t('exportFailed', { reason: e instanceof Error ? e.message : String(e) }))
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(getSource())
      setStatus(t('copied'))
    } catch {
      setShowSource(true)
      setStatus(t('copyFailed'))
    }
  }

  return (
    <fieldset className="diagram-export">
      <legend className="sr-only">{t('exportLabel')}</legend>
      <button
        type="button"
        onClick={() => {
          const svg = getSvg()
          if (svg) run(() => download('routing-diagram.svg', svgBlob(svg)))
        }}
      >
        {t('exportSvg')}
      </button>
      <button
        type="button"
        onClick={() => {
          const svg = getSvg()
          if (svg) run(async () => download('routing-diagram.png', await pngBlob(svg, BACKGROUND[theme])))
        }}
      >
        {t('exportPng')}
      </button>
      <button type="button" onClick={copy}>
        {t('copySource')}
      </button>
      <button
        type="button"
        onClick={() =>
          run(() => download('routing-diagram.mmd', new Blob([getSource()], { type: 'text/plain' })))
        }
      >
        {t('downloadSource')}
      </button>
      <button type="button" aria-expanded={showSource} onClick={() => setShowSource(!showSource)}>
        {t('source')}
      </button>
      {status && (
        <span role="status" className="diagram-status">
          {status}
        </span>
      )}
      {showSource && (
        <textarea
          className="diagram-source"
          readOnly
          value={getSource()}
          aria-label={t('source')}
          rows={8}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </fieldset>
  )
}
