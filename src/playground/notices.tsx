/** Reported notices (saved-state problems, link errors, imports) and the replace-your-work dialog. */
import { useEffect, useRef } from 'react'
import type { Lang } from '../i18n/language'
import { useLanguage } from '../i18n/language'
import { type Catalogue, translate, useT } from '../i18n/messages'
import { usePlayground } from '../store/app-store'
import { exportScriptFile } from './actions'
import { formsMessages } from './forms-messages'
import { playgroundMessages } from './playground-messages'
import { toolbarMessages } from './toolbar-messages'

/** Notices saying the work lives only in this tab: they offer it as a file. */
const UNSAVED = new Set(['saveFailed', 'savedKeptInPlace'])
const CATALOGUES = [playgroundMessages, toolbarMessages, formsMessages] as Catalogue<string>[]

function noticeText(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const cat = CATALOGUES.find((c) => key in c.en)
  return cat ? translate(cat, lang, key, params) : key
}

/** `sample:FILE`, `import:NAME`, `share`, `scenario`, … → words for the question. */
function useSourceText(): (source: string) => string {
  const t = useT(playgroundMessages)
  return (source) => {
    const [kind, ...rest] = source.split(':')
    const name = rest.join(':')
    if (kind === 'sample') return t('sourceSample', { name })
    if (kind === 'import') return t('sourceImport', { name })
    if (kind === 'share') return t('sourceShare')
    return t('sourceScenario')
  }
}

export function Notices() {
  const lang = useLanguage((s) => s.lang)
  const t = useT(playgroundMessages)
  const notices = usePlayground((s) => s.notices)
  const dismiss = usePlayground((s) => s.dismiss)
  if (notices.length === 0) return null
  return (
    <ul className="notices" aria-live="polite" data-testid="notices">
      {notices.map((n) => (
        <li
          key={n.id}
          className={`notice ${n.kind}`}
          role={n.kind === 'error' ? 'alert' : 'status'}
          data-key={n.key}
        >
          <span>{noticeText(lang, n.key, n.params)}</span>
          {UNSAVED.has(n.key) && (
            <button type="button" data-testid="download-work" onClick={exportScriptFile}>
              {t('downloadWork')}
            </button>
          )}
          <button type="button" onClick={() => dismiss(n.id)} aria-label={t('dismiss')}>
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}

export function ConfirmDialog() {
  const t = useT(playgroundMessages)
  const sourceText = useSourceText()
  const confirm = usePlayground((s) => s.confirm)
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (confirm && !d.open) d.showModal()
    if (!confirm && d.open) d.close()
  }, [confirm])
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-title"
      data-testid="confirm-dialog"
      onCancel={(e) => {
        e.preventDefault()
        confirm?.resolve(false)
      }}
    >
      <h2 id="confirm-title">{t('confirmTitle')}</h2>
      <p>{t('confirmBody', { source: confirm ? sourceText(confirm.source) : '' })}</p>
      <div className="dialog-buttons">
        <button type="button" data-testid="confirm-keep" onClick={() => confirm?.resolve(false)}>
          {t('confirmKeep')}
        </button>
        <button
          type="button"
          className="primary"
          data-testid="confirm-replace"
          onClick={() => confirm?.resolve(true)}
        >
          {t('confirmReplace')}
        </button>
      </div>
    </dialog>
  )
}
