/** Samples, undo/redo, import, export and share — every action a keyboard can reach. */
import { useRef, useState } from 'react'
import { useT } from '../i18n/messages'
import { usePlayground } from '../store/app-store'
import type { ShareMode } from '../store/share-link'
import { navigate } from '../store/url-route'
import {
  exportDefinitionsFile,
  exportScenarioFile,
  exportScriptFile,
  importText,
  loadSample,
  shareUrl,
} from './actions'
import { CompareButton } from './compare-panel'
import { SAMPLES } from './samples'
import { toolbarMessages } from './toolbar-messages'

type Format = 'definitions' | 'scenario' | 'script'

export function Toolbar() {
  const t = useT(toolbarMessages)
  const undo = usePlayground((s) => s.undo)
  const redo = usePlayground((s) => s.redo)
  const canUndo = usePlayground((s) => s.past.length > 0 && s.mode === 'edit')
  const canRedo = usePlayground((s) => s.future.length > 0 && s.mode === 'edit')
  const readOnly = usePlayground((s) => s.mode === 'view')
  const file = useRef<HTMLInputElement>(null)
  const [link, setLink] = useState<string | null>(null)
  const [sample, setSample] = useState('')
  const [format, setFormat] = useState<Format>('definitions')
  const [copyNote, setCopyNote] = useState<'copied' | 'copyFailed' | null>(null)

  const share = async (mode: ShareMode) => {
    const url = shareUrl(mode)
    setLink(url)
    setCopyNote(null)
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      setCopyNote('copied')
    } catch {
      setCopyNote('copyFailed')
    }
  }

  return (
    <div className="toolbar" role="toolbar" aria-label={t('toolbar')} data-testid="toolbar">
      <label>
        <span className="sr-only">{t('samples')}</span>
        {/* Choose, then Load: arrow keys on a closed select must not load (and ask) at every step. */}
        <select data-testid="samples" value={sample} onChange={(e) => setSample(e.target.value)}>
          <option value="">{t('chooseSample')}</option>
          {SAMPLES.map((s) => (
            <option key={s.file} value={s.file}>
              {t(s.label)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        data-testid="load-sample"
        disabled={!sample}
        onClick={() => {
          void loadSample(sample)
          setSample('')
        }}
      >
        {t('load')}
      </button>
      <button type="button" onClick={undo} disabled={!canUndo} data-testid="undo">
        {t('undo')}
      </button>
      <button type="button" onClick={redo} disabled={!canRedo} data-testid="redo">
        {t('redo')}
      </button>
      <button
        type="button"
        onClick={() => file.current?.click()}
        title={t('importHint')}
        data-testid="import"
      >
        {t('importFile')}
      </button>
      <input
        ref={file}
        type="file"
        accept=".json,.txt,.amqp,application/json,text/plain"
        hidden
        data-testid="import-file"
        onChange={async (e) => {
          const f = e.target.files?.[0]
          e.target.value = ''
          if (f) await importText(f.name, await f.text())
        }}
      />
      <label>
        <span className="sr-only">{t('exportAs')}</span>
        <select
          data-testid="export-format"
          value={format}
          onChange={(e) => setFormat(e.target.value as Format)}
        >
          <option value="definitions">{t('exportDefinitions')}</option>
          <option value="scenario">{t('exportScenario')}</option>
          <option value="script">{t('exportScript')}</option>
        </select>
      </label>
      <button
        type="button"
        data-testid="export"
        onClick={() => {
          if (format === 'definitions') exportDefinitionsFile()
          if (format === 'scenario') exportScenarioFile()
          if (format === 'script') exportScriptFile()
        }}
      >
        {t('export')}
      </button>
      <span className="share-group">
        <button type="button" onClick={() => share('edit')} disabled={readOnly} data-testid="share-edit">
          {t('shareEdit')}
        </button>
        <button type="button" onClick={() => share('view')} disabled={readOnly} data-testid="share-view">
          {t('shareView')}
        </button>
      </span>
      <CompareButton />
      {/* The lab view (src/lab): this scenario as lab kits, a pasted-back observation, or live mode. */}
      <button type="button" onClick={() => navigate('lab')} title={t('labHint')} data-testid="open-lab">
        {t('lab')}
      </button>
      {link && (
        <label className="share-link">
          <span className="sr-only">{t('shareLink')}</span>
          <input readOnly value={link} data-testid="share-link" onFocus={(e) => e.target.select()} />
          {copyNote && <span className="muted">{t(copyNote)}</span>}
        </label>
      )}
    </div>
  )
}
