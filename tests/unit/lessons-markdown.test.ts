/** The lesson Markdown subset: structure, inline marks, located errors, and no way to inject HTML. */
import { describe, expect, it } from 'vitest'
import { MarkdownError, parseInline, parseLessonMarkdown } from '../../src/lessons/markdown'

describe('parseInline', () => {
  it('splits code, strong and em, leaving the rest as text', () => {
    expect(parseInline('a `order.#` is **zero** or *more*')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'code', text: 'order.#' },
      { kind: 'text', text: ' is ' },
      { kind: 'strong', text: 'zero' },
      { kind: 'text', text: ' or ' },
      { kind: 'em', text: 'more' },
    ])
  })
  it('reads _em_ as Biome writes it, but not underscores inside words', () => {
    expect(parseInline('first _i_ words of snake_case_name')).toEqual([
      { kind: 'text', text: 'first ' },
      { kind: 'em', text: 'i' },
      { kind: 'text', text: ' words of snake_case_name' },
    ])
    expect(parseInline('前 _i_ 个词')).toContainEqual({ kind: 'em', text: 'i' })
  })
  it('keeps wildcards and HTML as plain text', () => {
    expect(parseInline('`*` and * alone, <b>x</b>')).toEqual([
      { kind: 'code', text: '*' },
      { kind: 'text', text: ' and * alone, <b>x</b>' },
    ])
  })
})

describe('parseLessonMarkdown', () => {
  const source = [
    '# Title with `code`',
    '',
    'Intro line one',
    'continues here.',
    '',
    '## first: First step',
    '',
    '- item one',
    '  wrapped',
    '- item two',
    '',
    '1. one',
    '2. two',
    'After the list.',
    '',
    '## second-step: Second',
    'Body.',
  ].join('\n')

  it('reads the title, the intro and each step in order', () => {
    const doc = parseLessonMarkdown(source)
    expect(doc.title).toBe('Title with `code`')
    expect(doc.intro).toEqual([
      { kind: 'p', inlines: [{ kind: 'text', text: 'Intro line one continues here.' }] },
    ])
    expect(doc.steps.map((s) => [s.id, s.title])).toEqual([
      ['first', 'First step'],
      ['second-step', 'Second'],
    ])
    expect(doc.steps[0]?.blocks.map((b) => b.kind)).toEqual(['ul', 'ol', 'p'])
    const ul = doc.steps[0]?.blocks[0]
    expect(ul?.kind === 'ul' && ul.items.map((i) => i.map((x) => x.text).join(''))).toEqual([
      'item one wrapped',
      'item two',
    ])
  })

  it('names the line of a malformed heading and a missing title', () => {
    expect(() => parseLessonMarkdown('# T\n\n## Bad Heading\ntext')).toThrow(
      /line 3: expected "## step-id: Step title"/,
    )
    expect(() => parseLessonMarkdown('\nno title')).toThrow(MarkdownError)
    expect(() => parseLessonMarkdown('# T\n### deeper: x\ntext')).toThrow(/line 2/)
  })

  it('splits a step at its --- line: the setup first, the outcome after the answer', () => {
    const doc = parseLessonMarkdown('# T\n## a: A\nQuestion?\n\n---\n\nAnswer.\n## b: B\nNo split.')
    expect(doc.steps[0]?.blocks).toEqual([{ kind: 'p', inlines: [{ kind: 'text', text: 'Question?' }] }])
    expect(doc.steps[0]?.after).toEqual([{ kind: 'p', inlines: [{ kind: 'text', text: 'Answer.' }] }])
    expect(doc.steps[1]?.after).toEqual([])
    expect(() => parseLessonMarkdown('# T\n## a: A\nx\n---\ny\n---\nz')).toThrow(
      /line 6: a step has one --- line/,
    )
  })

  it('reads pipe tables with inline marks, and names a row of the wrong width', () => {
    const doc = parseLessonMarkdown(
      '# T\n## a: A\n| Type | Use |\n| --- | --- |\n| `direct` | exact |\n\nAfter.',
    )
    const table = doc.steps[0]?.blocks[0]
    expect(table?.kind).toBe('table')
    if (table?.kind !== 'table') return
    expect(table.head.map((c) => c.map((i) => i.text).join(''))).toEqual(['Type', 'Use'])
    expect(table.rows).toEqual([[[{ kind: 'code', text: 'direct' }], [{ kind: 'text', text: 'exact' }]]])
    expect(doc.steps[0]?.blocks[1]?.kind).toBe('p')
    expect(() => parseLessonMarkdown('# T\n## a: A\n| a | b |\n| --- | --- |\n| 1 |')).toThrow(
      /line 5: table row has 1 cells, the head has 2/,
    )
  })

  it('refuses a step without text', () => {
    expect(() => parseLessonMarkdown('# T\n## a: A\n\n## b: B\ntext')).toThrow(/step "a" has no text/)
  })
})
