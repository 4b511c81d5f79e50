/**
 * The UI language: zh-CN or en, chosen by the user or taken from the browser.
 * Kept in its own tiny store so every feature can read it without depending on the app store.
 */
import { create } from 'zustand'

export type Lang = 'en' | 'zh-CN'
export const LANGS: readonly Lang[] = ['en', 'zh-CN']
const STORAGE_KEY = 'amqp-playground:lang'

export function detectLanguage(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY)
    if (saved === 'en' || saved === 'zh-CN') return saved
  } catch {
    // storage may be unavailable (privacy mode); fall back to the browser language
  }
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
    try {
      localStorage.setItem(STORAGE_KEY, lang)
    } catch {
      // not persisted; still switch for this session
    }
    document.documentElement.lang = lang
    set({ lang })
  },
}))
