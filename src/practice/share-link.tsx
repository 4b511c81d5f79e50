/** "Instructor link": a view-only URL of this exercise (answers hidden until revealed). */
import { useState } from 'react'
import { useT } from '../i18n/messages'
import { practiceMessages } from './practice-messages'
import { presentLink } from './practice-url'

export default function ShareLink({
  exerciseId,
  params,
}: {
  exerciseId: string
  params?: Record<string, string>
}) {
  const t = useT(practiceMessages)
  const [copied, setCopied] = useState(false)
  const href = presentLink(exerciseId, params)
  return (
    <span className="share-link">
      <a href={href} data-testid="present-link" target="_blank" rel="noopener">
        {t('presentLink')}
      </a>
      <button
        type="button"
        onClick={() => {
          navigator.clipboard?.writeText(href).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }}
      >
        {copied ? t('copied') : t('copyLink')}
      </button>
    </span>
  )
}
