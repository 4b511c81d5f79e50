/**
 * Hostile-input figures (issue 17): big scripts parse in linear time, deeply nested values route fast,
 * link decoding refuses a bomb without inflating it. Reported, never asserted (the tests count work
 * instead: tests/unit/engine-linear.test.ts, tests/unit/store-share-link.test.ts).
 */
import { parseScript, runOperations } from '../src/engine'
import { decodeShareLink, encodeShareLink } from '../src/store/share-link'
import { bombPayload } from '../tests/fixtures/link-bomb'
import { cpuMs } from './measure'

export interface InputRow {
  case: string
  size: string
  ms: number
  check: string
}

function timed(name: string, size: string, fn: () => string): InputRow {
  const t0 = cpuMs()
  const check = fn()
  return { case: name, size, ms: cpuMs() - t0, check }
}

function nestedArgs(levels: number): string {
  // A backslash-and-quote leaf: escaping it once per level made keys grow 2× per level.
  const v = `${'{a: '.repeat(levels)}"\\\\\\""${'}'.repeat(levels)}`
  return `exchange declare h headers\nqueue declare q\nbind q to h args ${v}\npublish to h headers ${v}\n`
}

export function benchInputs(): InputRow[] {
  const publishes = Array.from({ length: 40_000 }, (_, i) => `publish to x key k${i % 97}`).join('\n')
  const big: string[] = ['exchange declare x topic']
  for (let i = 0; i < 100_000; i++) big.push(`queue declare q${i}`, `bind q${i} to x key a.${i % 500}.#`)
  const bigText = big.join('\n')
  const nested = nestedArgs(24)
  const rows: InputRow[] = [
    timed('parse 40,000 publishes', `${(publishes.length / 1024).toFixed(0)} KB`, () => {
      const r = parseScript(publishes)
      return `${r.declared.publishes.length} ids`
    }),
    timed('parse 10⁵ queues + 10⁵ bindings', `${(bigText.length / 1024).toFixed(0)} KB`, () => {
      const r = parseScript(bigText)
      return `${r.ops.length} ops`
    }),
  ]
  const parsedBig = parseScript(bigText).ops
  rows.push(
    timed('run 10⁵ queues + 10⁵ bindings (explain off)', `${parsedBig.length} ops`, () => {
      const r = runOperations(parsedBig, 'rabbitmq-4', { explain: false })
      return `${Object.keys(r.result.queues).length} queues, ${r.result.errors.length} errors`
    }),
    timed('parse + route args nested 24 deep', `${nested.length} B`, () => {
      const r = runOperations(parseScript(nested).ops)
      return JSON.stringify(r.result.queues)
    }),
  )
  const bomb = bombPayload(32_000)
  rows.push(
    timed(
      'open a share link that inflates to 512 M chars',
      `${(bomb.payload.length / 1024).toFixed(1)} KB`,
      () => {
        const r = decodeShareLink(`#v1/edit/${bomb.payload}`)
        return r.ok ? 'opened?!' : r.error.kind
      },
    ),
  )
  const tenMb = 'queue declare q\n'.repeat(625_000)
  rows.push(
    timed('make a link to edit a 10 MB script', `${(tenMb.length / 1e6).toFixed(0)} MB`, () => {
      const r = encodeShareLink(tenMb, 'edit')
      return r.ok ? 'made?!' : r.reason
    }),
  )
  return rows
}

export function renderInputs(rows: InputRow[]): string {
  const head = ['case', 'input', 'CPU ms', 'check']
  const body = rows.map((r) => [r.case, r.size, r.ms.toFixed(1), r.check])
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(w[i] as number)).join(' | ')} |`
  return [
    'Hostile inputs (CPU time, one run)',
    line(head),
    `|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n')
}
