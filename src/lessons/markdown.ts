/**
 * A deliberately small Markdown subset for lesson text: `# title`, `## step-id: Step title`,
 * paragraphs, `-` and `1.` lists, `| pipe | tables |`, inline `code`, **strong** and *em* / _em_, and a
 * `---` line inside a step: what follows it is shown only after the learner's prediction. Anything
 * else is plain text, so content can never inject HTML.
 */
import type { Block, Inline, LessonText } from './content-types'

export class MarkdownError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`)
    this.name = 'MarkdownError'
  }
}

const STEP_HEADING = /^## ([a-z0-9][a-z0-9-]*): (.+)$/

/** Split inline markup into tokens; unmatched markers stay literal text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = []
  // *em* and _em_ (Biome's Markdown formatter writes the latter); `_` inside a word stays literal
  const re =
    /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|(?<![A-Za-z0-9_])_([^_\s](?:[^_]*[^_\s])?)_(?![A-Za-z0-9_])/g
  let last = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) })
    if (m[1] !== undefined) out.push({ kind: 'code', text: m[1] })
    else if (m[2] !== undefined) out.push({ kind: 'strong', text: m[2] })
    else out.push({ kind: 'em', text: (m[3] ?? m[4]) as string })
    last = re.lastIndex
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) })
  return out
}

const TABLE_ROW = /^\|(.+)\|\s*$/
const TABLE_RULE = /^\|(\s*:?-{3,}:?\s*\|)+\s*$/
const cells = (row: string) => (TABLE_ROW.exec(row)?.[1] ?? '').split('|').map((c) => parseInline(c.trim()))

function toBlocks(lines: { n: number; text: string }[]): Block[] {
  const blocks: Block[] = []
  let para: string[] = []
  let list: { kind: 'ul' | 'ol'; items: Inline[][] } | null = null
  let table: { kind: 'table'; head: Inline[][]; rows: Inline[][][] } | null = null
  const flush = () => {
    if (para.length) blocks.push({ kind: 'p', inlines: parseInline(para.join(' ')) })
    para = []
    if (list) blocks.push(list)
    list = null
    if (table) blocks.push(table)
    table = null
  }
  for (const { n, text } of lines) {
    const bullet = /^- (.+)$/.exec(text)
    const numbered = /^\d+\. (.+)$/.exec(text)
    if (TABLE_ROW.test(text)) {
      if (!table) {
        flush()
        table = { kind: 'table', head: cells(text), rows: [] }
      } else if (TABLE_RULE.test(text) && table.rows.length === 0) continue
      else {
        const row = cells(text)
        if (row.length !== table.head.length)
          throw new MarkdownError(n, `table row has ${row.length} cells, the head has ${table.head.length}`)
        table.rows.push(row)
      }
      continue
    }
    if (table) flush()
    if (text.trim() === '') flush()
    else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol'
      if (para.length || (list && list.kind !== kind)) flush()
      list ??= { kind, items: [] }
      list.items.push(parseInline(((bullet ?? numbered) as RegExpExecArray)[1] as string))
    } else if (list && /^\s+\S/.test(text)) {
      // continuation of the previous list item
      const items = list.items
      items[items.length - 1] = parseInline(`${inlineText(items[items.length - 1] ?? [])} ${text.trim()}`)
    } else {
      if (list) flush()
      para.push(text.trim())
    }
  }
  flush()
  return blocks
}

function inlineText(inlines: Inline[]): string {
  return inlines
    .map((i) => (i.kind === 'code' ? `\`${i.text}\`` : i.kind === 'strong' ? `**${i.text}**` : i.text))
    .join('')
}

/** Parse one lesson file. Throws MarkdownError with the line number on a structural problem. */
export function parseLessonMarkdown(source: string): LessonText {
  const lines = source.replace(/\r\n?/g, '\n').split('\n')
  const first = lines.findIndex((l) => l.trim() !== '')
  const title = /^# (.+)$/.exec(lines[first] ?? '')
  if (!title) throw new MarkdownError(first + 1, 'the file must start with "# Lesson title"')
  const text: LessonText = { title: (title[1] as string).trim(), intro: [], steps: [] }
  let current: { n: number; text: string }[] = []
  let heading: { id: string; title: string } | null = null
  const close = () => {
    if (heading) {
      const rule = current.findIndex((l) => l.text.trim() === '---')
      const before = rule < 0 ? current : current.slice(0, rule)
      const after = rule < 0 ? [] : current.slice(rule + 1)
      if (rule >= 0 && after.some((l) => l.text.trim() === '---'))
        throw new MarkdownError(
          after.find((l) => l.text.trim() === '---')?.n ?? 0,
          'a step has one --- line at most',
        )
      text.steps.push({ ...heading, blocks: toBlocks(before), after: toBlocks(after) })
    } else text.intro = toBlocks(current)
    current = []
  }
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i] as string
    if (line.startsWith('#')) {
      const step = STEP_HEADING.exec(line)
      if (!step) throw new MarkdownError(i + 1, 'expected "## step-id: Step title" (lower-case id)')
      close()
      heading = { id: step[1] as string, title: (step[2] as string).trim() }
      continue
    }
    current.push({ n: i + 1, text: line })
  }
  close()
  for (const s of text.steps)
    if (s.blocks.length === 0) throw new MarkdownError(0, `step "${s.id}" has no text`)
  return text
}
