/** The shell: header with navigation, language and theme; the current view below. */
import { Suspense, useEffect, useState } from 'react'
import { LANGS, type Lang, useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { appMessages } from './app-messages'
import { useTheme } from './theme'
import { setViewInUrl, VIEW_IDS, VIEWS, type ViewId, viewFromUrl } from './views'

export default function AppShell() {
  const t = useT(appMessages)
  const { lang, setLang } = useLanguage()
  const { theme, setTheme } = useTheme()
  const [view, setView] = useState<ViewId>(() => viewFromUrl(window.location.search))

  useEffect(() => {
    const onPop = () => setView(viewFromUrl(window.location.search))
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])
  useEffect(() => {
    document.documentElement.dataset.theme = theme
    document.documentElement.lang = lang
  }, [theme, lang])

  const View = VIEWS[view]
  return (
    <div className="app">
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
              onClick={() => {
                setView(id)
                setViewInUrl(id)
              }}
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
          <button
            type="button"
            data-testid="theme-toggle"
            aria-label={t('theme')}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? t('light') : t('dark')}
          </button>
        </div>
      </header>
      <main className="app-main">
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>
          <View />
        </Suspense>
      </main>
    </div>
  )
}
