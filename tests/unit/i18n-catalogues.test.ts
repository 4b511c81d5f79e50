/**
 * Every message catalogue in src (any `*messages*.ts` exporting `{ en, 'zh-CN' }`) has the same keys
 * in both languages, no empty string, and the same {placeholders} in both.
 */
import { describe, expect, it } from 'vitest'

const modules = import.meta.glob<Record<string, unknown>>('../../src/**/*messages*.ts', { eager: true })

type Catalogue = { en: Record<string, string>; 'zh-CN': Record<string, string> }
function isCatalogue(v: unknown): v is Catalogue {
  return typeof v === 'object' && v !== null && 'en' in v && 'zh-CN' in v
}
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

const catalogues = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(([, v]) => isCatalogue(v))
    .map(([name, v]) => [`${file.replace('../../', '')}#${name}`, v as Catalogue] as const),
)

describe('message catalogues', () => {
  it('exist', () => {
    expect(catalogues.length).toBeGreaterThan(0)
  })
  it.each(catalogues)('%s has matching zh-CN and en entries', (_name, cat) => {
    expect(Object.keys(cat['zh-CN']).sort()).toEqual(Object.keys(cat.en).sort())
    for (const [key, en] of Object.entries(cat.en)) {
      const zh = cat['zh-CN'][key]
      expect(en.trim(), `en.${key}`).not.toBe('')
      expect(zh?.trim(), `zh-CN.${key}`).not.toBe('')
      expect(placeholders(zh ?? ''), `placeholders of ${key}`).toEqual(placeholders(en))
    }
  })
})
