/**
 * The UI language: zh-CN or en, chosen by the user or taken from the browser.
 * Kept in its own tiny store so every feature can read it without depending on the app store.
 */
import { create } from 'zustand'
import { localKeys } from '../storage/key-store'

export type Lang = 'en' | 'zh-CN'
export const LANGS: readonly Lang[] = ['en', 'zh-CN']
const STORAGE_KEY = 'amqp-playground:lang'

function detectLanguage(): Lang {
  const saved = localKeys.read(STORAGE_KEY) // null without storage: the browser language decides
  if (saved === 'en' || saved === 'zh-CN') return saved
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return preferred.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en'
}

interface LanguageState {
  lang: Lang
  setLang: (lang: Lang) => void
}

export const useLanguage = create<LanguageState>((set) => ({
  lang: detectLanguage(),
  setLang: (lang) => {
    localKeys.write(STORAGE_KEY, lang) // when refused, still switch for this session
    document.documentElement.lang = lang
    set({ lang })
  },
}))
