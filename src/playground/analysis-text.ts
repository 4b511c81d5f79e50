/**
 * Words for the analysis's answers in the UI language: a requirement's verdict and counter-example,
 * a finding's subject and witness. Names are data (shown as text, never markup).
 */
import type { LintFinding, Witness } from '../engine'
import type { Lang } from '../i18n/language'
import { type Catalogue, translate } from '../i18n/messages'
import type { RequirementView } from '../worker/analysis-api'
import { analysisMessages } from './analysis-messages'

type Key = typeof analysisMessages extends Catalogue<infer K> ? K : never
type T = (key: Key, params?: Record<string, string | number>) => string

export const translator =
  (lang: Lang): T =>
  (key, params) =>
    translate(analysisMessages, lang, key, params)

function headersText(headers: Witness['headers'], t: T): string {
  return Object.keys(headers).length === 0 ? '' : t('headersPart', { headers: JSON.stringify(headers) })
}

export function exchangeText(name: string, t: T): string {
  return name === '' ? t('defaultExchange') : name
}

export function witnessText(w: Witness, t: T): string {
  return t('witnessLabel', {
    key: w.routing_key,
    headers: headersText(w.headers, t),
    exchange: exchangeText(w.exchange, t),
  })
}

/** The one-line detail of a requirement's answer (fails: its counter-example). */
export function requirementDetail(r: RequirementView, t: T): string {
  if (r.error !== undefined) {
    const names = r.error.match(/entry exchanges \((.*)\)/)?.[1] ?? ''
    switch (r.problem) {
      case 'no-vhost':
        return t('problemNoVhost')
      case 'no-exchange':
        return t('problemNoExchange')
      case 'no-entry':
        return t('problemNoEntry')
      case 'many-entries':
        return t('problemManyEntries', { names })
      case 'headers':
        return t('problemHeaders')
      default:
        return t('problemOther')
    }
  }
  if (r.holds === true) return t('holdsNote')
  if (r.holds === null) return t('undecidedNote', { words: r.checkedWords ?? 0 })
  const c = r.counterexample
  if (!c) return t('fails')
  return t('failsNote', {
    key: c.routing_key,
    headers: headersText(c.headers, t),
    exchange: exchangeText(c.exchange, t),
    reached: c.reached.length ? c.reached.join(', ') : t('reachedNothing'),
  })
}

export function verdictOf(r: RequirementView): 'holds' | 'fails' | 'undecided' | 'unchecked' {
  if (r.error !== undefined) return 'unchecked'
  return r.holds === true ? 'holds' : r.holds === false ? 'fails' : 'undecided'
}

export function subjectText(f: LintFinding, t: T): string {
  const s = f.subject
  if (s.kind === 'binding' && s.binding)
    return t('subjectBinding', {
      source: exchangeText(s.binding.source, t),
      destination: s.binding.destination,
      key: s.binding.routing_key,
    })
  if (s.kind === 'queue') return t('subjectQueue', { name: s.name })
  if (s.kind === 'exchange') return t('subjectExchange', { name: exchangeText(s.name, t) })
  return t('subjectPolicy', { name: s.name })
}

/** The lint's "not decided within the budget" subject (`queue NAME` or `exchange NAME`), worded. */
export function undecidedSubject(subject: string, t: T): string {
  if (subject.startsWith('queue ')) return t('subjectQueue', { name: subject.slice(6) })
  if (subject.startsWith('exchange '))
    return t('subjectExchange', { name: exchangeText(subject.slice(9), t) })
  return subject
}
