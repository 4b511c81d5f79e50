/**
 * Diagnostics, broker refusals and hints in the UI language: chosen by code, filled from params,
 * with "did you mean …?" when the engine found a close word. Pure; the editor turns the strings into
 * markers.
 */
import type { OperationOutcome, ScriptDiagnostic, ScriptHint } from '../engine'
import type { Params } from '../i18n/messages'
import type { diagnosticMessages } from './diagnostic-messages'

type Key = keyof (typeof diagnosticMessages)['en']
export type DiagnosticT = (key: Key, params?: Params) => string

const WHAT: Record<string, Key> = {
  profile: 'whatProfile',
  vhost: 'whatVhost',
  exchange: 'whatExchange',
  'exchange-type': 'whatExchangeType',
  queue: 'whatQueue',
  source: 'whatSource',
  key: 'whatKey',
  'message-id': 'whatMessageId',
  'publish-exchange': 'whatPublishExchange',
  body: 'whatBody',
  policy: 'whatPolicy',
  pattern: 'whatPattern',
  'apply-to': 'whatApplyTo',
  number: 'whatNumber',
  'table-key': 'whatTableKey',
  'key-pattern': 'whatKeyPattern',
}

/** Parser codes said in full here; anything else is "this line cannot be read" plus the place. */
export const DIAGNOSTIC_CODES = [
  'unknown-statement',
  'expected-name',
  'expected-word',
  'expected-punct',
  'expected-value',
  'unexpected',
  'duplicate-option',
  'duplicate-key',
  'conflict',
  'trailing',
  'unknown-profile',
  'duplicate-profile',
  'unterminated-string',
  'bad-escape',
  'unclosed',
  'too-deep',
  'number-range',
] as const

/** Script words as code, joined the way the language lists things. */
const words = (list: string | undefined, t: DiagnosticT) =>
  (list ?? '')
    .split(', ')
    .filter(Boolean)
    .map((w) => `\`${w}\``)
    .join(t('listSep'))

function main(d: ScriptDiagnostic, t: DiagnosticT): string {
  const p: Record<string, string> = { ...(d.params ?? {}) }
  if (p.expected) p.expected = words(p.expected, t)
  switch (d.code) {
    case 'expected-name':
      return t('expected-name', { what: t(WHAT[p.what ?? ''] ?? 'whatTableKey') })
    case 'expected-word':
      return t((d.params?.expected ?? '').includes(',') ? 'expected-word-list' : 'expected-word', p)
    case 'expected-value':
      return p.type ? t('expected-value-after', p) : t('expected-value')
    default:
      return (DIAGNOSTIC_CODES as readonly string[]).includes(d.code) ? t(d.code as Key, p) : t('syntax')
  }
}

/** Where the problem is (the token found, or the end of the line), unless the code already says. */
function place(d: ScriptDiagnostic, t: DiagnosticT): string {
  const p = d.params ?? {}
  if (
    ['unknown-statement', 'duplicate-option', 'duplicate-key', 'number-range', 'unknown-profile'].includes(
      d.code,
    )
  )
    return ''
  if (p.atEnd) return t('atEnd')
  return p.found ? t('found', { found: p.found }) : ''
}

/** Sentences one after the other, spaced as the language spaces them (none in Chinese). */
const sentences = (parts: string[], t: DiagnosticT) =>
  parts.filter(Boolean).reduce((first, next) => t('joinSentences', { first, next }))

export function diagnosticText(d: ScriptDiagnostic, t: DiagnosticT): string {
  const mean = d.suggestion ? t('didYouMean', { word: d.suggestion }) : ''
  return sentences([main(d, t), place(d, t), mean], t)
}

/** A broker refusal on its line: what is wrong in words, the suggestion, then RabbitMQ's own reply. */
export function outcomeText(o: OperationOutcome, hints: readonly ScriptHint[], t: DiagnosticT): string {
  const reply = t('brokerReply', { code: o.error?.code ?? '', text: o.error?.text ?? '' })
  const hint = hints.find(
    (h) => (h.code === 'not-found' || h.code === 'unknown-type') && h.loc.line === o.loc?.line,
  )
  if (!hint) return reply
  const what =
    hint.code === 'unknown-type'
      ? t('unknownType', hint.params)
      : t(hint.params.kind === 'queue' ? 'notFoundQueue' : 'notFoundExchange', hint.params)
  const mean = hint.suggestion ? t('didYouMean', { word: hint.suggestion }) : ''
  return sentences([what, mean, reply], t)
}

/** The explanations that are not refusals (shown as information on their line). */
export function hintText(h: ScriptHint, t: DiagnosticT): string | null {
  if (h.code === 'wildcard-on-direct') return t('wildcardOnDirect', h.params)
  if (h.code === 'key-on-fanout') return t('keyOnFanout', h.params)
  return null
}
