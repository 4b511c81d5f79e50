/**
 * The analysis as editor markers: lint findings on the line their subject was written on (error,
 * warning, info as the finding says), failing requirements as errors and undecided or unchecked ones
 * as warnings on their `expect` line, worded in the UI language. A declaration the broker refuses
 * or a wildcard in a direct key is marked once, by the run's marker or the script hint, not again.
 */
import type { AnalysisMarker, Located } from '../editor/markers'
import type { Lang } from '../i18n/language'
import type { PlaygroundAnalysis } from '../store/types'
import { requirementDetail, translator, verdictOf, witnessText } from './analysis-text'

const NONE: Located<AnalysisMarker> = { items: [], lines: [] }

/** Lint rules the editor already marks: a broker refusal (amqp-engine), a wildcard in a direct key (hints). */
const ALREADY_MARKED = new Set(['refused-declaration', 'direct-wildcard'])

export function analysisMarkers(a: PlaygroundAnalysis | null, lang: Lang): Located<AnalysisMarker> {
  if (!a) return NONE
  const t = translator(lang)
  const items: AnalysisMarker[] = []
  const lines: string[] = []
  a.findings.forEach((f, i) => {
    // The run's refusal and the script hints already mark these on that line; not twice.
    if (!f.loc || ALREADY_MARKED.has(f.rule)) return
    const message = lang === 'zh-CN' ? f.message.zh : f.message.en
    const fix = t('fixHint', { fix: lang === 'zh-CN' ? f.fix.zh : f.fix.en })
    const witness = f.witness ? `\n${witnessText(f.witness, t)}` : ''
    items.push({ loc: f.loc, severity: f.severity, message: `${message}\n${fix}${witness}`, code: f.rule })
    lines.push(a.findingLines[i] ?? '')
  })
  a.requirements.forEach((r, i) => {
    const verdict = verdictOf(r)
    if (!r.loc || verdict === 'holds') return
    const detail = requirementDetail(r, t)
    const key =
      verdict === 'fails' ? 'markerFails' : verdict === 'undecided' ? 'markerUndecided' : 'markerUnchecked'
    items.push({
      loc: r.loc,
      severity: verdict === 'fails' ? 'error' : 'warning',
      message: t(key, { detail }),
      code: `expect-${verdict}`,
    })
    lines.push(a.requirementLines[i] ?? '')
  })
  return { items, lines }
}
