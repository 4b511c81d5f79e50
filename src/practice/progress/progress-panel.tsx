/** Progress overview with export (JSON file), import (validated) and reset; reports a corrupt store. */
import { type ChangeEvent, useState } from 'react'
import { downloadText } from '../../components/download'
import { useT } from '../../i18n/messages'
import { FIXED_IDS } from '../exercise-registry'
import { practiceMessages } from '../practice-messages'
import { isRatedDone, isSolved, PROGRESS_KEY } from './progress-model'
import { useProgress } from './progress-store'
import ProgressTable from './progress-table'

export default function ProgressPanel() {
  const t = useT(practiceMessages)
  const { progress, corrupt, unsaved, reset, importText, exportText, dismissCorrupt } = useProgress()
  const [message, setMessage] = useState<string | null>(null)
  const entries = progress.entries
  const generated = Object.entries(entries).filter(([id]) => id.startsWith('gen-'))
  const solved = FIXED_IDS.filter((id) => isSolved(entries[id]) || isRatedDone(progress.homework[id])).length

  const download = () => downloadText('practice-progress.json', exportText())
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    try {
      importText(await file.text())
      setMessage(t('importDone'))
    } catch (err) {
      setMessage(t('importFailed', { error: err instanceof Error ? err.message : String(err) }))
    }
  }

  return (
    <section className="panel progress" aria-labelledby="progress-title">
      <h2 id="progress-title">{t('progressTitle')}</h2>
      {corrupt && (
        <p role="alert" data-testid="progress-corrupt">
          {t(corrupt.keptAs === PROGRESS_KEY ? 'progressCorruptInPlace' : 'progressCorrupt', {
            key: corrupt.keptAs,
            reason: corrupt.reason,
          })}{' '}
          <button type="button" onClick={dismissCorrupt}>
            {t('dismiss')}
          </button>
        </p>
      )}
      {unsaved && (
        <p role="alert" data-testid="progress-unsaved">
          {t('progressUnsaved')}
        </p>
      )}
      <p data-testid="progress-summary">
        {t('progressSummary', {
          solved,
          first: FIXED_IDS.filter((id) => entries[id]?.firstTry === 'correct').length,
          total: FIXED_IDS.length,
          generated: generated.filter(([, e]) => isSolved(e)).length,
          tried: generated.length,
        })}
      </p>
      <div className="actions">
        <button type="button" data-testid="progress-export" onClick={download}>
          {t('exportProgress')}
        </button>
        <label className="file-button">
          {t('importProgress')}{' '}
          <input
            type="file"
            accept="application/json,.json"
            title={t('importProgress')}
            data-testid="progress-import"
            onChange={upload}
          />
        </label>
        <button
          type="button"
          data-testid="progress-reset"
          onClick={() => {
            if (window.confirm(t('resetConfirm'))) reset()
          }}
        >
          {t('resetProgress')}
        </button>
      </div>
      {message && <p role="status">{message}</p>}
      <ProgressTable />
    </section>
  )
}
