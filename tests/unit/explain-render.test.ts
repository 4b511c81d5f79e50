/** The why panel and result table rendered to static HTML: content present, names escaped as text. */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { parseScript, runOperations, runScenario, withLaterDeadLetters } from '../../src/engine'
import ResultTable from '../../src/explain/result-table'
import WhyPanel from '../../src/explain/why-panel'
import { HOSTILE_NAMES, runRich } from './diagram-fixtures'

const { run, byId } = runRich()
/** m2 overflows `work` (max length 1), which pushes m1 out to its dead-letter exchange and `parking`. */
const deadLetterRun = () =>
  runOperations(
    parseScript(
      [
        'exchange declare orders direct',
        'exchange declare dlx fanout',
        'queue declare work args {x-max-length: 1, x-dead-letter-exchange: dlx}',
        'queue declare parking',
        'bind work to orders key new',
        'bind parking to dlx',
        'publish m1 to orders key new',
        'publish m2 to orders key new',
      ].join('\n'),
    ).ops,
  )
const html = (publishId: string, initialView: 'story' | 'table' = 'story') =>
  renderToStaticMarkup(createElement(WhyPanel, { publish: byId(publishId), initialView }))

describe('WhyPanel', () => {
  it('lists every evaluated binding with matched / not matched, and the merged copy', () => {
    const out = html('m1')
    expect(out.match(/data-matched="true"/g)).toHaveLength(4)
    expect(out).toContain('queue audit: reached by 2 bindings → 1 copy')
    expect(out).toContain('data-outcome="routed"')
    // headers comparison table with types
    expect(out).toMatch(
      /<tr data-header="pages">.*<code>3<\/code> <span class="amqp-type">(long|int|short|byte|signedint)[^<]*<\/span>/,
    )
  })

  it('shows the unmatched bindings and where they failed', () => {
    const out = html('m2')
    expect(out.match(/data-matched="false"/g)).toHaveLength(3)
    expect(out).toContain('stops: pattern word “order” does not match key word “zzz”')
    expect(out).toContain('data-outcome="routed"')
    expect(out).toContain('alternate exchange of orders')
  })

  it('has a table view with the same rows', () => {
    const out = html('m1', 'table')
    expect(out).toContain('<table class="why-table">')
    expect(out.match(/<tr data-binding=/g)).toHaveLength(byId('m1').hops.flatMap((h) => h.evaluations).length)
    expect(out).toContain('format: pdf (longstr) / pdf (longstr) → matched')
    expect(html('m3', 'table')).toContain('312 NO_ROUTE')
  })

  it('renders hostile names as text', () => {
    const r = runScenario({
      exchanges: [{ name: HOSTILE_NAMES[2] as string, type: 'direct' }],
      queues: HOSTILE_NAMES.slice(0, 4).map((name) => ({ name })),
      bindings: HOSTILE_NAMES.slice(0, 4).map((name) => ({
        source: HOSTILE_NAMES[2] as string,
        destination: name,
        destination_type: 'queue' as const,
        routing_key: name,
      })),
      publishes: [
        {
          id: '<script>x</script>',
          exchange: HOSTILE_NAMES[2] as string,
          routing_key: HOSTILE_NAMES[0] as string,
        },
      ],
    })
    const p = r.publishes[0]
    if (!p) throw new Error('no publish')
    for (const view of ['story', 'table'] as const) {
      const out = renderToStaticMarkup(createElement(WhyPanel, { publish: p, initialView: view }))
      expect(out).not.toContain('<img')
      expect(out).not.toContain('<script>')
      expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;')
      expect(out).toContain('a &quot;quoted&quot; b')
    }
  })
})

describe('ResultTable', () => {
  it('has one row per queue with its message ids, and rows for returned, dropped and errors', () => {
    const out = renderToStaticMarkup(createElement(ResultTable, { run }))
    for (const [queue, ids] of Object.entries(run.result.queues)) {
      const row = out.match(new RegExp(`<tr data-queue="${queue}">(.*?)</tr>`))?.[1] ?? ''
      expect(row, queue).not.toBe('')
      expect([...row.matchAll(/data-message="([^"]*)"/g)].map((m) => m[1])).toEqual(ids)
    }
    expect(out).toContain('<tr data-returned="m3">')
    expect(out).toContain('<tr data-dropped="m4">')
    expect(out).toMatch(/<tr data-error="m5" data-code="404">/)
  })
  it('makes every message a button for its publish, the selected one pressed', () => {
    const out = renderToStaticMarkup(createElement(ResultTable, { run, selected: 2, onSelect: () => {} }))
    // each button names the publish index whose id it shows
    expect([...out.matchAll(/data-index=/g)].length).toBeGreaterThanOrEqual(run.publishes.length)
    const pairs = [...out.matchAll(/data-index="(\d+)" data-message="([^"]*)"/g)]
    expect(pairs.length).toBeGreaterThanOrEqual(run.publishes.length)
    for (const m of pairs) expect(run.publishes[Number(m[1])]?.id).toBe(m[2])
    expect(out.match(/aria-pressed="true" data-index="(\d+)"/g)).toEqual([
      'aria-pressed="true" data-index="2"',
    ])
    expect(out).toContain('<tr data-returned="m3"><th scope="row">returned 312 NO_ROUTE</th><td><button')
  })
  it('names the publish a held message came from when a full queue pushed one out to its DLX', () => {
    const dl = deadLetterRun()
    const out = renderToStaticMarkup(createElement(ResultTable, { run: dl, onSelect: () => {} }))
    const row = (q: string) => out.match(new RegExp(`<tr data-queue="${q}">(.*?)</tr>`))?.[1] ?? ''
    expect(row('work')).toContain('data-index="1" data-message="m2"')
    expect(row('parking')).toContain('data-index="0" data-message="m1"')
  })
})

describe('a dead-lettered message in the why panel', () => {
  it('shows the dead-lettering a later publish caused, and when', () => {
    const dl = deadLetterRun()
    expect(withLaterDeadLetters(dl.publishes, 1)).toBe(dl.publishes[1]) // nothing later: unchanged
    const m1 = withLaterDeadLetters(dl.publishes, 0)
    expect(m1?.deadLetters?.map((h) => [h.message, h.queue, h.during?.id])).toEqual([['m1', 'work', 'm2']])
    const out = renderToStaticMarkup(createElement(WhyPanel, { publish: m1 as NonNullable<typeof m1> }))
    expect(out).toContain('data-dead-letter="m1" data-reason="maxlen" data-queue="work" data-during="m2"')
    expect(out).toContain('Later, when m2 was published:')
    expect(out).toContain('It reaches parking')
  })
})
