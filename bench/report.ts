import type { HeadersRow } from './headers-bench'
import type { TopicRow } from './topic-bench'
import type { EdgeCheck } from './topic-edge-check'

const k = (x: number) =>
  x >= 1e6 ? `${(x / 1e6).toFixed(2)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : x.toFixed(1)
const mb = (x: number) => `${(x / 1048576).toFixed(1)} MB`
const ms = (x: number) => `${x.toFixed(1)} ms`
const r = (x: number) => `${x.toFixed(2)}×`

function table(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(w[i])).join(' | ')} |`
  return [line(head), `|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`, ...rows.map(line)].join('\n')
}

/** Markdown tables (printed, and pasted into docs/performance.md). */
export function renderReport(topic: TopicRow[], headers: HeadersRow[], edge: EdgeCheck): string {
  const wl = (x: TopicRow) => `${Math.round(x.wildcardShare * 100)}%`
  const t1 = table(
    [
      'wildcards',
      'bindings',
      'engine routes/s',
      'qlobber routes/s',
      'naive routes/s',
      'engine/qlobber',
      'engine/naive',
      'dests/key',
      'cross-check',
    ],
    topic.map((x) => [
      wl(x),
      k(x.bindings),
      k(x.engine.routesPerSec),
      k(x.qlobber.routesPerSec),
      `${k(x.naive.routesPerSec)} (${x.naive.sampledKeys} keys)`,
      r(x.ratios.routes),
      r(x.ratios.vsNaive),
      x.avgDestsPerKey.toFixed(1),
      x.crossCheck.mismatches === 0
        ? `ok (${k(x.crossCheck.keysCompared)} keys)`
        : `${x.crossCheck.mismatches} MISMATCHES`,
    ]),
  )
  const t2 = table(
    [
      'wildcards',
      'bindings',
      'build engine',
      'build qlobber',
      'remove engine',
      'remove qlobber',
      'heap engine',
      'heap qlobber',
      'qlobber/engine build · remove · heap',
    ],
    topic.map((x) => [
      wl(x),
      k(x.bindings),
      ms(x.engine.buildMs),
      ms(x.qlobber.buildMs),
      ms(x.engine.removeMs),
      ms(x.qlobber.removeMs),
      mb(x.engine.heapBytes),
      mb(x.qlobber.heapBytes),
      `${r(x.ratios.build)} · ${r(x.ratios.remove)} · ${r(x.ratios.heap)}`,
    ]),
  )
  const t3 = table(
    [
      'bindings',
      'engine msgs/s',
      'previous index msgs/s',
      'linear (valuesEqual) msgs/s',
      'linear (cached keys) msgs/s',
      'engine/linear',
      'engine/cached',
      'engine/previous',
      'dests/msg',
      'cross-check',
    ],
    headers.map((x) => [
      String(x.bindings),
      k(x.engineMatchesPerSec),
      k(x.previousMatchesPerSec),
      k(x.linearMatchesPerSec),
      k(x.linearCachedMatchesPerSec),
      r(x.ratio),
      r(x.ratioVsCached),
      r(x.ratioVsPrevious),
      x.avgDestsPerMessage.toFixed(1),
      x.mismatches === 0 ? 'ok' : `${x.mismatches} MISMATCHES`,
    ]),
  )
  const edgeText = [
    `Empty-word keys (not in the timed set): ${edge.keys} keys, engine vs reference mismatches: ${edge.engineMismatches};`,
    `qlobber differs on ${edge.qlobberMismatches} (it reads "" as one word), e.g. ${edge.qlobberExamples
      .map(
        (e) =>
          `${JSON.stringify(e.key)}: RabbitMQ [${e.rabbitmq.join(', ')}] vs qlobber [${e.qlobber.join(', ')}]`,
      )
      .join('; ')}`,
  ].join('\n')
  return [
    'Topic routing (CPU time, median of rounds)',
    t1,
    '',
    'Topic build / remove / retained memory',
    t2,
    '',
    'Headers routing',
    t3,
    '',
    edgeText,
  ].join('\n')
}
