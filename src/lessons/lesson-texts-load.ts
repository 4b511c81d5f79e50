/**
 * One language's lesson texts (a chunk each). Tiny on purpose: the app shell calls it beside the
 * lessons view's own import, so a phone fetches the texts in parallel with the view instead of
 * after it (one round trip less before the lesson appears).
 */
import type { Lang } from '../i18n/language'

export function lessonTexts(lang: Lang): Promise<Record<string, string>> {
  return lang === 'en'
    ? import('./lesson-texts-en').then((m) => m.texts)
    : import('./lesson-texts-zh-CN').then((m) => m.texts)
}
