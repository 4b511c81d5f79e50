import { describe, expect, it } from 'vitest'
import {
  decodeEdgeLabelParts,
  decodeEdgeLabelText,
  escapeEdgeLabel,
  escapeLabel,
  shorten,
} from '../../src/diagram/escape'
import { buildDiagram } from '../../src/diagram/to-mermaid'
import { runScenario } from '../../src/engine'
import { HOSTILE_NAMES } from './diagram-fixtures'

const decodeNode = (quoted: string) =>
  quoted.slice(1, -1).replace(/#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
/** Mermaid rewrites `ﬂ°°` to `&#` and `¶ß` to `;` in its final SVG: what a name must never contain. */
const forges = (shown: string) => /\uFB02\u00B0|\u00B6\u00DF/.test(shown)
const withoutJoiners = (s: string) => s.replace(/\u2060/g, '')
/** What Mermaid shows for an edge label: numeric entities left literal as `&#N;`, then our DOM fix. */
const shownEdge = (quoted: string) => decodeEdgeLabelText(quoted.slice(1, -1).replace(/#(\d+);/g, '&#$1;'))

describe('label escaping', () => {
  it.each(HOSTILE_NAMES)('node label of %j is quoted, safe and round-trips', (name) => {
    const label = escapeLabel(name)
    expect(label).toMatch(/^"([A-Za-z0-9 ._\-:/]|#\d+;)+"$/)
    expect(withoutJoiners(decodeNode(label))).toBe(name)
    expect(forges(decodeNode(label))).toBe(false)
  })

  it.each(HOSTILE_NAMES)('edge label of %j has no ASCII specials raw and shows the same text', (name) => {
    const label = escapeEdgeLabel(name)
    const inner = label.slice(1, -1)
    expect(inner).not.toMatch(/["<>&|\n\r\t]/)
    // every `#` and `;` belongs to an entity we wrote
    expect(inner.replace(/#\d+;/g, '')).not.toMatch(/[#;]/)
    expect(inner).not.toMatch(/[\uFB02\u00B0\u00B6\u00DF]/)
    expect(withoutJoiners(shownEdge(label))).toBe(name)
    expect(forges(shownEdge(label))).toBe(false)
  })

  it('keeps CJK and emoji raw in edge labels (Mermaid measures them correctly)', () => {
    expect(escapeEdgeLabel('中文 😀')).toBe('"中文 😀"')
    expect(escapeEdgeLabel('a"b')).toBe('"a#34;b"')
  })

  it('never produces an empty quoted label (a Mermaid parse error)', () => {
    expect(escapeLabel('')).toBe('" "')
    expect(escapeEdgeLabel('')).toBe('" "')
  })

  it('decodes literal entities once only', () => {
    expect(decodeEdgeLabelText('&#38;&#35;35&#59;')).toBe('&#35;')
    expect(decodeEdgeLabelText('&#99999999;')).toBe('&#99999999;')
  })

  it('decodes entities cut in two by Mermaid wrapping a label across tspans', () => {
    expect(decodeEdgeLabelParts(['alert(1&#', '41;&#62;'])).toEqual(['alert(1', ')>'])
    expect(decodeEdgeLabelParts(['a&', '#35;b', 'c&#3'])).toEqual(['a', '#b', 'c&#3'])
    expect(decodeEdgeLabelParts(['&#38;&#35;35&#59;'])).toEqual(['&#35;'])
  })

  it('shortens long names by code point, not by UTF-16 unit', () => {
    expect(shorten('x'.repeat(255))).toBe(`${'x'.repeat(47)}…`)
    expect([...shorten('😀'.repeat(60))]).toHaveLength(48)
    expect(shorten('short')).toBe('short')
  })
})

describe('a topology of hostile names', () => {
  const scenario = {
    exchanges: HOSTILE_NAMES.map((n) => ({ name: `x:${n}`.slice(0, 200), type: 'direct' })),
    queues: HOSTILE_NAMES.map((n) => ({ name: n })),
    bindings: HOSTILE_NAMES.map((n) => ({
      source: `x:${n}`.slice(0, 200),
      destination: n,
      destination_type: 'queue' as const,
      routing_key: n,
    })),
    publishes: [{ id: '<b>m1</b>', exchange: 'x:end', routing_key: 'end', mandatory: true }],
  }
  const run = runScenario(scenario)
  const model = buildDiagram(run.topology, run.publishes[0] ?? null)

  it('is accepted by the engine as given', () => {
    expect(run.result.errors).toEqual([])
    expect(run.topology.queues).toHaveLength(HOSTILE_NAMES.length)
  })

  it('lets no user text out of its quotes', () => {
    for (const line of model.text.split('\n').slice(1)) {
      // outside quoted labels only generated ids, shapes, arrows and our class statements remain
      const outside = line.replace(/"[^"]*"/g, '""')
      expect(outside, line).toMatch(
        /^ {2}(\w+(\{\{|\[\(|\(\[|>|\[\/|\[\[|\[)""(\}\}|\)\]|\]\)|\]|\/\]|\]\])|\w+ (\w+@)?(-->|-\.->|==>|-\.-)(\|""\|)? \w+|classDef \w+ [\w:#,\-. ]+|class [\w,]+ \w+|acc(Title|Descr): ([A-Za-z0-9 ._\-/]|#\d+;)+)$/,
      )
    }
    expect(model.text).not.toContain('<img')
    expect(model.text).not.toContain('<b>')
  })

  it('says every name in the accessible description, on one line each, as text', () => {
    const acc = model.text.split('\n').filter((l) => /^ {2}acc(Title|Descr):/.test(l))
    expect(acc.map((l) => l.slice(2, 11))).toEqual(['accTitle:', 'accDescr:'])
    const descr = decodeNode(`"${(acc[1] ?? '').slice('  accDescr: '.length)}"`)
    // the names as the diagram draws them (shortened), none of them able to end the line
    const drawn = Object.values(model.nodes).flatMap((e) => ('name' in e && e.name ? [e.name] : []))
    expect(drawn.length).toBeGreaterThan(HOSTILE_NAMES.length)
    for (const name of drawn) expect(withoutJoiners(descr)).toContain(shorten(name))
    expect(forges(descr)).toBe(false)
  })

  it('maps generated ids to the full names', () => {
    const queueNames = Object.values(model.nodes).flatMap((e) => (e.kind === 'queue' ? [e.name] : []))
    expect(queueNames.sort()).toEqual(run.topology.queues.map((q) => q.name).sort())
    expect(queueNames).toContain('x'.repeat(255))
    for (const id of Object.keys(model.nodes)) expect(id).toMatch(/^(ex|q|pub)_\d+$/)
    expect(Object.values(model.nodes)).toContainEqual({ kind: 'publish', id: '<b>m1</b>' })
  })
})
