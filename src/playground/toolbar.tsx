/** Samples, undo/redo, import, export and share — every action a keyboard can reach. */
import { useRef, useState } from 'react'
import { DEFAULT_PROFILE, type ProfileName } from '../engine'
import { useT } from '../i18n/messages'
import { playgroundStore, usePlayground } from '../store/app-store'
import { withProfileLine } from '../store/script-text'
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

/** The broker versions offered; a script's other profile (teaching, robustmq) is shown too. */
const PROFILE_CHOICES: readonly ProfileName[] = ['rabbitmq-4', 'rabbitmq-4.0', 'rabbitmq-3.10']

/** The profile switch: shows the script's `profile` line and rewrites it (one undoable edit). */
function ProfileSwitch({ disabled }: { disabled: boolean }) {
  const t = useT(toolbarMessages)
  const profile = usePlayground((s) => s.parsed?.profile ?? DEFAULT_PROFILE)
  const choices = PROFILE_CHOICES.includes(profile) ? PROFILE_CHOICES : [...PROFILE_CHOICES, profile]
  return (
    <label className="profile-switch" title={t('profileHint')}>
      {t('profile')}{' '}
      <select
        data-testid="profile-switch"
        value={profile}
        disabled={disabled}
        onChange={(e) => {
          const s = playgroundStore.getState()
          s.setText(withProfileLine(s.text, e.target.value), 'push')
        }}
      >
        {choices.map((p) => (
          <option key={p} value={p}>
            {t(`profile_${p}`)}
          </option>
        ))}
      </select>
    </label>
  )
}

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
      <ProfileSwitch disabled={readOnly} />
      <CompareButton />
      {/* The lab view (src/lab-view): this scenario as lab kits, a pasted-back observation, or live mode. */}
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
