/** Says so when the browser's storage is full: some changes then live only in this tab. */
import { useState, useSyncExternalStore } from 'react'
import { useT } from '../i18n/messages'
import { localKeys } from '../storage/key-store'
import { appMessages } from './app-messages'

const isFull = () => localKeys.status().full

export function StorageBanner() {
  const t = useT(appMessages)
  const full = useSyncExternalStore(localKeys.subscribe, isFull, isFull)
  const [dismissed, setDismissed] = useState(false)
  if (!full || dismissed) return null
  return (
    <div className="app-banner" role="alert" data-testid="storage-full">
      <span>{t('storageFull')}</span>
      <button type="button" onClick={() => setDismissed(true)}>
        {t('dismiss')}
      </button>
    </div>
  )
}
