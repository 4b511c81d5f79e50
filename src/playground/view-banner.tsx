/** Shown while a view-only share link is open: go back to the own work, or edit a copy. */
import { useT } from '../i18n/messages'
import { usePlayground } from '../store/app-store'
import { playgroundMessages } from './playground-messages'

export function ViewBanner() {
  const t = useT(playgroundMessages)
  const mode = usePlayground((s) => s.mode)
  const leaveView = usePlayground((s) => s.leaveView)
  if (mode !== 'view') return null
  return (
    <div className="view-banner" role="status" data-testid="view-banner">
      <span>{t('viewOnly')}</span>
      <button type="button" data-testid="edit-copy" onClick={() => void leaveView('edit-copy')}>
        {t('editCopy')}
      </button>
      <button type="button" data-testid="back-to-mine" onClick={() => void leaveView('back')}>
        {t('backToMine')}
      </button>
    </div>
  )
}
