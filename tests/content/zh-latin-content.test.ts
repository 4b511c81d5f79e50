/**
 * The Chinese text of the content has no English outside code, names and protocol terms: every
 * lesson's zh-CN.md (titles, text before and after the answer, tables) and every zh-CN text of the
 * practice content, read in Node — no browser is needed for what the files say. The page's own
 * words (buttons, steppers, feedback) are read in the browser (zh-latin.e2e.ts, lessons-tour.e2e.ts).
 * What may stay Latin is tests/support/zh-latin.ts's rule, with the names the content declares.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Block, Inline } from '../../src/lessons/content-types'
import { buildLessons, lessonText } from '../../src/lessons/content-validate'
import { parseInline } from '../../src/lessons/markdown'
import { CONTENT } from '../../src/practice/content/load'
import { contentNames } from '../support/content-names'
import { strayLatin } from '../support/zh-latin'

const NAMES = contentNames()
const ROOT = join(__dirname, '../../lessons')
const read = (p: string): unknown => {
  const file = join(ROOT, p)
  if (!existsSync(file)) return undefined
  const raw = readFileSync(file, 'utf8')
  return p.endsWith('.json') ? JSON.parse(raw) : raw
}
const { lessons } = buildLessons(read('manifest.json'), read)

/** The words a reader sees as prose: inline code is code. */
const prose = (inlines: Inline[]) =>
  inlines
    .filter((i) => i.kind !== 'code')
    .map((i) => i.text)
    .join('')
const blockTexts = (blocks: Block[]): string[] =>
  blocks.flatMap((b) =>
    b.kind === 'p'
      ? [prose(b.inlines)]
      : b.kind === 'table'
        ? [...b.head, ...b.rows.flat()].map(prose)
        : b.items.map(prose),
  )

function strays(texts: [string, string][]): string[] {
  return texts.flatMap(([where, text]) => {
    const found = strayLatin(text, NAMES)
    return found.length ? [`${where}: ${found.join(', ')} — in “${text.slice(0, 120)}”`] : []
  })
}

describe('zh-CN content text', () => {
  it('finds a stray English word (the check can fail)', () => {
    expect(strays([['x', '这条消息被 dropped silently']])).toEqual([
      'x: silently — in “这条消息被 dropped silently”',
    ])
    expect(strays([['x', prose(parseInline('绑定键 `order.created` 与 `hello world`'))]])).toEqual([])
  })

  it.each(lessons.map((l) => [l.id, l] as const))('lesson %s', (_id, lesson) => {
    const t = lessonText(lesson, 'zh-CN')
    const texts: [string, string][] = [
      ['title', prose(parseInline(t.title))],
      ...blockTexts(t.intro).map((x): [string, string] => ['intro', x]),
      ...t.steps.flatMap((s) => [
        [`${s.id} title`, prose(parseInline(s.title))] as [string, string],
        ...blockTexts([...s.blocks, ...s.after]).map((x): [string, string] => [s.id, x]),
      ]),
    ]
    expect(strays(texts)).toEqual([])
  })

  /** Not prose: a scenario is data, a code exercise's starter is code. */
  const SKIP = new Set(['scenario', 'starter'])
  it('practice: every zh-CN text of questions, predict cases, homework, knowledge points, code', () => {
    const texts: [string, string][] = []
    const visit = (v: unknown, at: string) => {
      if (Array.isArray(v)) for (const [i, x] of v.entries()) visit(x, `${at}[${i}]`)
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>
        if (typeof o['zh-CN'] === 'string' && typeof o.en === 'string')
          texts.push([at, prose(parseInline(o['zh-CN'] as string))])
        else for (const [k, x] of Object.entries(o)) if (!SKIP.has(k)) visit(x, `${at}.${k}`)
      }
    }
    visit(CONTENT, 'practice')
    expect(texts.length).toBeGreaterThan(100)
    expect(strays(texts)).toEqual([])
  })
})
