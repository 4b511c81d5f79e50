/**
 * Message catalogues live next to the feature that uses them:
 *   const messages = defineMessages({ en: { hello: 'Hello {name}' }, 'zh-CN': { hello: '你好 {name}' } })
 *   const t = useT(messages); t('hello', { name })
 * The zh-CN catalogue must have exactly the keys of the English one (checked by the type below and
 * by tests/unit/i18n-catalogues.test.ts through `allCatalogues`).
 */
import { useCallback } from 'react'
import { type Lang, useLanguage } from './language'

export type Catalogue<K extends string> = { en: Record<K, string>; 'zh-CN': Record<K, string> }

export type Params = Record<string, string | number>

export function defineMessages<K extends string>(catalogue: Catalogue<K>): Catalogue<K> {
  return catalogue
}

export function format(template: string, params?: Params): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}

export function translate<K extends string>(catalogue: Catalogue<K>, lang: Lang, key: K, params?: Params) {
  return format(catalogue[lang][key] ?? catalogue.en[key] ?? key, params)
}

/** A translator bound to the current language; re-renders the caller when the language changes. */
export function useT<K extends string>(catalogue: Catalogue<K>) {
  const lang = useLanguage((s) => s.lang)
  return useCallback((key: K, params?: Params) => translate(catalogue, lang, key, params), [catalogue, lang])
}
