/** The shell: a skip link, the header with navigation, language and theme; the current view below. */
import { type MouseEvent, Suspense, useEffect, useMemo } from 'react'
import { PartTextsContext } from '../components/part-boundary'
import { LANGS, type Lang, useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { useTheme } from '../store/theme'
import { navigate, useRoute, VIEW_IDS } from '../store/url-route'
import { appMessages } from './app-messages'
import { StorageBanner } from './storage-banner'
import { VIEWS } from './views'

const MAIN_ID = 'main'

export default function AppShell() {
  const t = useT(appMessages)
  const { lang, setLang } = useLanguage()
  const { theme, setTheme } = useTheme()
  const view = useRoute((s) => s.view)
  const pageTitle = useRoute((s) => s.pageTitle)

  useEffect(() => {
    document.documentElement.dataset.theme = theme
    document.documentElement.lang = lang
  }, [theme, lang])
  useEffect(() => {
    document.title = [pageTitle, t(view), t('title')].filter(Boolean).join(' · ')
  }, [pageTitle, view, t])

  const View = VIEWS[view]
  // The hash belongs to the playground's links: move focus to the main region without writing `#main`.
  const skipToMain = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault()
    const main = document.getElementById(MAIN_ID)
    main?.focus()
    main?.scrollIntoView()
  }
  const partTexts = useMemo(
    () => ({
      crashed: t('partCrashed'),
      notDownloaded: t('partNotDownloaded'),
      retry: t('partRetry'),
      reloadPage: t('reloadPage'),
    }),
    [t],
  )
  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain} data-testid="skip-link">
        {t('skipToContent')}
      </a>
      <header className="app-header">
        <div className="brand">
          <h1>{t('title')}</h1>
          <span className="tagline">{t('tagline')}</span>
        </div>
        <nav aria-label={t('mainNav')} className="main-nav">
          {VIEW_IDS.map((id) => (
            <button
              key={id}
              type="button"
              aria-current={id === view ? 'page' : undefined}
              onClick={() => navigate(id)}
            >
              {t(id)}
            </button>
          ))}
        </nav>
        <div className="header-tools">
          <label>
            <span className="sr-only">{t('language')}</span>
            <select
              data-testid="language"
              value={lang}
              onChange={(e) => setLang(e.target.value as Lang)}
              aria-label={t('language')}
            >
              {LANGS.map((l) => (
                <option key={l} value={l}>
                  {l === 'en' ? 'English' : '简体中文'}
                </option>
              ))}
            </select>
          </label>
          {/* The name says what the button switches to and contains its visible text (WCAG 2.5.3). */}
          <button
            type="button"
            data-testid="theme-toggle"
            aria-label={theme === 'dark' ? t('toLightTheme') : t('toDarkTheme')}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? t('light') : t('dark')}
          </button>
        </div>
      </header>
      <StorageBanner />
      <main className="app-main" id={MAIN_ID} tabIndex={-1}>
        <PartTextsContext.Provider value={partTexts}>
          <Suspense fallback={<p className="loading">{t('loading')}</p>}>
            <View />
          </Suspense>
        </PartTextsContext.Provider>
      </main>
    </div>
  )
}
