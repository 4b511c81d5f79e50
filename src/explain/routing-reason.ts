/**
 * The one place that words why a binding matched or not (the engine's BindingReason), for the why
 * panel, the lessons' steppers and practice feedback alike. Pure: takes a translator whose catalogue
 * includes reasonMessages (explain, lessons and practice do), returns strings that callers render as
 * React text. What a topic match stopped at is read once, here (`topicStop`).
 */
import type { BindingEvaluation, HeadersRow, TopicExplanation } from '../engine'
import type { ReasonT } from './reason-messages'

/** Where a topic match stopped (from the engine's `failedAt`), or that it consumed every word. */
export type TopicStop =
  | { kind: 'matched' }
  /** Pattern word `pattern` cannot take key word `word`. */
  | { kind: 'mismatch'; pattern: string; word: string }
  /** The key ran out of words before pattern word `pattern`. */
  | { kind: 'key-short'; pattern: string }
  /** The pattern ended before key word `word`; `rest` are the key words left from there. */
  | { kind: 'pattern-short'; word: string; rest: string[] }

export function topicStop(te: TopicExplanation): TopicStop {
  if (te.matched) return { kind: 'matched' }
  const p = te.failedAt?.patternIndex ?? null
  const k = te.failedAt?.keyIndex ?? null
  if (p !== null && k !== null)
    return { kind: 'mismatch', pattern: te.patternWords[p] ?? '', word: te.keyWords[k] ?? '' }
  if (p !== null) return { kind: 'key-short', pattern: te.patternWords[p] ?? '' }
  const rest = te.keyWords.slice(k ?? te.keyWords.length)
  return { kind: 'pattern-short', word: rest[0] ?? '', rest }
}

export function headersTally(rows: HeadersRow[]): { considered: number; matching: number } {
  const considered = rows.filter((r) => r.considered)
  return { considered: considered.length, matching: considered.filter((r) => r.result).length }
}

// --- the why panel: one line per binding -------------------------------------------------------

/** Where a topic match stopped, in one line, or that it matched. */
export function topicStopLine(te: TopicExplanation, t: ReasonT): string {
  const stop = topicStop(te)
  switch (stop.kind) {
    case 'matched':
      return t('lineTopicMatched')
    case 'mismatch':
      return t('lineTopicMismatch', { pattern: stop.pattern, word: stop.word })
    case 'key-short':
      return t('lineTopicKeyShort', { pattern: stop.pattern })
    case 'pattern-short':
      return t('lineTopicKeyLong', { words: stop.rest.join('.') })
  }
}

/** The header of one topic comparison: which routing key. */
export const topicKeyLine = (te: TopicExplanation, t: ReasonT) => t('lineTopicKey', { key: te.routingKey })

export const headersSummaryLine = (mode: string, rows: HeadersRow[], t: ReasonT) => {
  const { considered, matching } = headersTally(rows)
  return t('lineHeadersSummary', { mode, count: matching, total: considered })
}

/** Why this binding matched or not, in one line (the why panel's story and table). */
export function reasonLine(ev: BindingEvaluation, t: ReasonT): string {
  const r = ev.reason
  switch (r.kind) {
    case 'fanout':
      return t('lineFanout')
    case 'direct':
      return r.compared
        .map((c) =>
          t('lineDirect', {
            binding: ev.routingKey,
            key: c.routingKey,
            verdict: c.equal ? t('lineEqual') : t('lineDifferent'),
          }),
        )
        .join('; ')
    case 'topic':
      return r.perKey.map((te) => `${topicKeyLine(te, t)}: ${topicStopLine(te, t)}`).join('; ')
    case 'headers':
      return r.rows.length === 0 ? t('lineHeadersEmpty') : headersSummaryLine(r.xMatch, r.rows, t)
  }
}

// --- the lessons' steppers: a brief line per evaluated binding ----------------------------------

const words = (w: string[]) => (w.length === 0 ? '""' : w.join('.'))

/** The verdict word of a binding or one comparison: match / no match. */
export const verdictBrief = (matched: boolean, t: ReasonT) => t(matched ? 'briefMatch' : 'briefNoMatch')

/** What was compared, and the verdict, in brief (the dedup stepper). */
export function reasonBrief(e: BindingEvaluation, t: ReasonT): string {
  const r = e.reason
  switch (r.kind) {
    case 'topic':
      return r.perKey
        .map(
          (k) =>
            `${t('briefTopic', { pattern: words(k.patternWords), key: words(k.keyWords) })}: ${verdictBrief(k.matched, t)}`,
        )
        .join('; ')
    case 'direct':
      return r.compared
        .map(
          (c) => `${t('briefDirect', { key: e.routingKey, rk: c.routingKey })}: ${verdictBrief(c.equal, t)}`,
        )
        .join('; ')
    case 'fanout':
      return t('briefFanout')
    case 'headers': {
      const rows = r.rows
        .filter((row) => row.considered)
        .map((row) => `${row.key} ${row.result ? '✓' : '✗'}`)
        .join(', ')
      return t('briefHeaders', { mode: r.xMatch, rows: rows || '—' })
    }
  }
}

// --- practice feedback: a sentence per binding fact ---------------------------------------------

const q = (s: string) => (s === '' ? '""' : s)

/** The binding a fact is about: source, destination and its key. */
const bindingHead = (b: BindingEvaluation, t: ReasonT) =>
  t('factBinding', { source: q(b.source), dest: q(b.destination), key: q(b.routingKey) })

/**
 * A topic binding against the routing key `key`: whether it matched and, if not, where it stopped
 * (`patternWord` / `keyWord` as bindingFact reads them from topicStop).
 */
export function topicSentence(
  b: BindingEvaluation,
  key: string,
  matched: boolean,
  t: ReasonT,
  patternWord?: string,
  keyWord?: string,
): string {
  const head = bindingHead(b, t)
  if (matched) return `${head} ${t('factTopicMatched', { key: q(key) })}`
  let why = t('factTopicNoMatch', { key: q(key) })
  if (patternWord !== undefined && keyWord !== undefined)
    why += ` ${t('factTopicWords', { pw: q(patternWord), kw: q(keyWord) })}`
  else if (patternWord !== undefined) why += ` ${t('factTopicKeyShort', { pw: q(patternWord) })}`
  else if (keyWord !== undefined) why += ` ${t('factTopicPatternShort', { kw: q(keyWord) })}`
  return `${head} ${why}`
}

export function directSentence(b: BindingEvaluation, key: string, matched: boolean, t: ReasonT): string {
  return `${bindingHead(b, t)} ${t(matched ? 'factDirectEqual' : 'factDirectDiffer', { key: q(key) })}`
}

export const fanoutSentence = (b: BindingEvaluation, t: ReasonT) =>
  t('factFanout', { source: q(b.source), dest: q(b.destination) })

export const headersSentence = (b: BindingEvaluation, xMatch: string, t: ReasonT) =>
  t('factHeaders', {
    source: q(b.source),
    dest: q(b.destination),
    mode: xMatch,
    result: t(b.matched ? 'factHeadersMatched' : 'factHeadersNoMatch'),
  })

/** One header argument of a headers binding: what it wants, what the message has, the verdict. */
export function headerRowSentence(
  row: { key: string; want: string; got: string | null; result: boolean; considered: boolean },
  t: ReasonT,
): string {
  if (!row.considered) return t('factHeaderSkipped', { key: row.key })
  return t(row.result ? 'factHeaderRowOk' : 'factHeaderRowBad', {
    key: row.key,
    want: row.want,
    got: row.got ?? t('factHeaderAbsent'),
  })
}
