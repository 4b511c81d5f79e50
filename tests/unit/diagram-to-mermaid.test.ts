import { describe, expect, it } from 'vitest'
import { buildDiagram, toMermaid } from '../../src/diagram/to-mermaid'
import { runScenario } from '../../src/engine'
import { runRich } from './diagram-fixtures'

const { run, byId } = runRich()
const topo = run.topology

/** `id` → the decoded label of the node declared with that id. */
function nodeLabels(text: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const m of text.matchAll(/^ {2}(\w+)(?:\{\{|\[\(|\(\[|>|\[\/|\[\[|\[)"([^"]*)"/gm)) {
    out.set(
      m[1] as string,
      (m[2] as string)
        .replace(/<br\/>/g, '\n')
        .replace(/#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))),
    )
  }
  return out
}
const classOf = (text: string, cls: string) =>
  (text.match(new RegExp(`^ {2}class (\\S+) ${cls}$`, 'm'))?.[1] ?? '').split(',').filter(Boolean)
const idOf = (model: ReturnType<typeof buildDiagram>, kind: string, name: string) =>
  Object.entries(model.nodes).find(([, e]) => e.kind === kind && 'name' in e && e.name === name)?.[0]

describe('toMermaid: the topology', () => {
  const model = buildDiagram(topo, null)

  it('draws exchanges as hexagons with their type and queues as cylinders, with generated ids', () => {
    const labels = nodeLabels(model.text)
    expect(labels.get(idOf(model, 'exchange', 'orders') ?? '')).toBe('orders\ntopic')
    expect(labels.get(idOf(model, 'exchange', 'docs') ?? '')).toBe('docs\nheaders')
    expect(model.text).toMatch(/^ {2}ex_\d+\{\{"orders<br\/>topic"\}\}$/m)
    expect(model.text).toMatch(/^ {2}q_\d+\[\("audit"\)\]$/m)
    for (const id of Object.keys(model.nodes)) expect(id).toMatch(/^(ex|q|pub|more)_\d+$/)
    expect(toMermaid(topo, null)).toBe(model.text)
  })

  it('gives the SVG a title and a description: counts and names of what is drawn, translated', () => {
    const acc = (text: string, kind: 'Title' | 'Descr') =>
      (new RegExp(`^ {2}acc${kind}: (.*)$`, 'm').exec(text)?.[1] ?? '').replace(/#(\d+);/g, (_, d) =>
        String.fromCodePoint(Number(d)),
      )
    expect(
      model.text
        .split('\n')
        .slice(1, 3)
        .map((l) => l.trim().slice(0, 9)),
    ).toEqual(['accTitle:', 'accDescr:'])
    expect(acc(model.text, 'Title')).toBe('Routing diagram of vhost /')
    const exchanges = Object.values(model.nodes).filter((e) => e.kind === 'exchange')
    const queues = Object.values(model.nodes).filter((e) => e.kind === 'queue')
    const descr = acc(model.text, 'Descr')
    expect(descr).toMatch(
      new RegExp(
        `^${exchanges.length} exchanges, ${queues.length} queues and ${Object.keys(model.edges).length} bindings drawn\\.`,
      ),
    )
    for (const e of [...exchanges, ...queues]) if ('name' in e && e.name) expect(descr).toContain(e.name)
    const zh = buildDiagram(topo, null, { labels: { accTitle: '{vhost} 的路由图' } })
    expect(acc(zh.text, 'Title')).toBe('/ 的路由图')
  })

  it('labels binding edges with the key, or x-match and header arguments', () => {
    expect(model.text).toContain('@-->|"order.#35;"|')
    expect(model.text).toContain('@-->|"x-match#61;all#44; format#61;pdf#44; pages#61;3"|')
    // exchange-to-exchange edge between two hexagons
    const orders = idOf(model, 'exchange', 'orders')
    const docs = idOf(model, 'exchange', 'docs')
    expect(model.text).toMatch(new RegExp(`^ {2}${orders} b_\\d+@-->\\|"order\\.#42;"\\| ${docs}$`, 'm'))
    expect(Object.values(model.edges).sort()).toEqual(topo.bindings.map((b) => b.id).sort())
  })

  it('draws alternate exchanges as dashed AE edges, and a missing one as a placeholder', () => {
    const orders = idOf(model, 'exchange', 'orders')
    const unrouted = idOf(model, 'exchange', 'unrouted')
    expect(model.text).toMatch(new RegExp(`^ {2}${orders} ae_\\d+@-\\.->\\|"AE"\\| ${unrouted}$`, 'm'))
    expect([...nodeLabels(model.text).values()]).toContain('gone\nmissing')
    expect(classOf(model.text, 'missing')).toHaveLength(1)
  })

  it('hides the default exchange and amq.* unless asked or used', () => {
    expect(Object.values(model.nodes).some((e) => e.kind === 'exchange' && e.name.startsWith('amq.'))).toBe(
      false,
    )
    expect(idOf(model, 'exchange', '')).toBeUndefined()
    const withDefault = buildDiagram(topo, null, {
      showDefaultExchange: true,
      labels: { defaultExchange: '(默认)' },
    })
    const def = idOf(withDefault, 'exchange', '')
    expect(nodeLabels(withDefault.text).get(def ?? '')).toBe('(默认)\ndirect')
    // one implicit binding per queue, keyed by the queue name
    expect(withDefault.text.match(new RegExp(`^ {2}${def} d_\\d+@`, 'gm'))).toHaveLength(topo.queues.length)
  })

  it('marks the selected entity', () => {
    const sel = buildDiagram(topo, null, { selected: { kind: 'queue', name: 'pdf', vhost: '/' } })
    expect(classOf(sel.text, 'sel')).toEqual([idOf(sel, 'queue', 'pdf')])
  })

  it('uses theme colours that set the text colour explicitly', () => {
    for (const theme of ['light', 'dark'] as const) {
      const t = buildDiagram(topo, byId('m1'), { theme }).text
      for (const line of t.split('\n').filter((l) => /classDef (hl|recv|note|dead|err)/.test(l))) {
        expect(line).toMatch(/color:#[0-9a-f]{6}/)
      }
    }
    expect(buildDiagram(topo, byId('m1'), { theme: 'dark' }).text).not.toBe(
      buildDiagram(topo, byId('m1')).text,
    )
  })
})

describe('toMermaid: after a publish', () => {
  it('highlights the visited exchanges and matched bindings and marks the receiving queues', () => {
    const m = buildDiagram(topo, byId('m1'))
    expect(classOf(m.text, 'hl').sort()).toEqual(
      [idOf(m, 'exchange', 'orders'), idOf(m, 'exchange', 'docs')].sort(),
    )
    expect(classOf(m.text, 'recv').sort()).toEqual(
      [idOf(m, 'queue', 'audit'), idOf(m, 'queue', 'pdf')].sort(),
    )
    const matched = byId('m1').hops.flatMap((h) =>
      h.evaluations.filter((e) => e.matched).map((e) => e.bindingId),
    )
    const hot = classOf(m.text, 'hot')
    expect(hot).toContain('p_0')
    expect(
      hot
        .filter((id) => id.startsWith('b_'))
        .map((id) => m.edges[id])
        .sort(),
    ).toEqual(matched.sort())
    expect(m.text).toMatch(/^ {2}pub_0\(\["publish m1"\]\)$/m)
    expect(m.text).toMatch(
      new RegExp(`^ {2}pub_0 p_0@==>\\|"order.created"\\| ${idOf(m, 'exchange', 'orders')}$`, 'm'),
    )
  })

  it('says when two bindings reached one queue (one copy), in the given language', () => {
    const m = buildDiagram(topo, byId('m1'), { labels: { merged: '{n} 个绑定 → 1 份' } })
    const notes = [...nodeLabels(m.text)].filter(([id]) => id.startsWith('note_'))
    expect(notes.map(([, l]) => l)).toEqual(['2 个绑定 → 1 份'])
    expect(m.text).toMatch(new RegExp(`^ {2}${notes[0]?.[0]} -\\.- ${idOf(m, 'queue', 'audit')}$`, 'm'))
    expect(buildDiagram(topo, byId('m1')).text).toContain('"2 bindings #8594; 1 copy"')
  })

  it('follows the alternate exchange when nothing matched', () => {
    const m = buildDiagram(topo, byId('m2'))
    const ae = classOf(m.text, 'aehot')
    expect(ae).toHaveLength(1)
    expect(m.edgeClasses[ae[0] ?? '']).toEqual(['aehot'])
    expect(m.text).toMatch(new RegExp(`^ {2}${idOf(m, 'exchange', 'orders')} ${ae[0]}@-\\.->`, 'm'))
    expect(classOf(m.text, 'hl')).toContain(idOf(m, 'exchange', 'unrouted'))
    expect(classOf(m.text, 'recv')).toEqual([idOf(m, 'queue', 'lost')])
    expect(m.text).not.toContain('out_0')
  })

  it('draws the unroutable branch: returned 312 when mandatory, dropped otherwise', () => {
    const returned = buildDiagram(topo, byId('m3'))
    const docs = idOf(returned, 'exchange', 'docs')
    expect(nodeLabels(returned.text).get('out_0')).toBe('returned 312 NO_ROUTE to the producer')
    expect(returned.text).toMatch(new RegExp(`^ {2}${docs} -\\.-> out_0$`, 'm'))
    expect(classOf(returned.text, 'dead')).toEqual(['out_0'])
    expect(classOf(returned.text, 'recv')).toEqual([])
    expect(nodeLabels(returned.text).get('pub_0')).toBe('publish m3\nmandatory')
    const dropped = buildDiagram(topo, byId('m4'), { labels: { dropped: '丢弃' } })
    expect(nodeLabels(dropped.text).get('out_0')).toBe('丢弃')
  })

  it('draws a publish error with its AMQP code', () => {
    const m = buildDiagram(topo, byId('m5'))
    expect(nodeLabels(m.text).get('err_0')).toBe("error 404\nNOT_FOUND - no exchange 'nope' in vhost '/'")
    expect(m.text).toMatch(/^ {2}pub_0 -\.-> err_0$/m)
    expect(m.text).not.toContain('p_0@')
  })

  it('shows the default exchange when the message used it, with the implicit binding hot', () => {
    const m = buildDiagram(topo, byId('m6'))
    const def = idOf(m, 'exchange', '')
    expect(def).toBeDefined()
    const edge = m.text.match(
      new RegExp(`^ {2}${def} (dl_\\d+)@-\\.->\\|"idle"\\| ${idOf(m, 'queue', 'idle')}$`, 'm'),
    )
    expect(edge).not.toBeNull()
    expect(classOf(m.text, 'hot')).toContain(edge?.[1])
  })

  it('draws only the publish vhost', () => {
    const r = runScenario({
      vhosts: [{ name: '/' }, { name: 'other' }],
      exchanges: [
        { name: 'x', type: 'direct', vhost: 'other' },
        { name: 'y', type: 'direct' },
      ],
      queues: [{ name: 'q', vhost: 'other' }],
      bindings: [
        { source: 'x', destination: 'q', destination_type: 'queue', routing_key: 'k', vhost: 'other' },
      ],
      publishes: [{ id: 'p', exchange: 'x', routing_key: 'k', vhost: 'other' }],
    })
    const m = buildDiagram(r.topology, r.publishes[0] ?? null)
    expect(m.vhost).toBe('other')
    expect(
      Object.values(m.nodes)
        .filter((e) => e.kind === 'exchange')
        .map((e) => 'name' in e && e.name),
    ).toEqual(['x'])
    expect(buildDiagram(r.topology, null).vhost).toBe('/')
  })
})
