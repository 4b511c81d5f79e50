/**
 * The analysis as editor markers: lint findings on the line their subject was written on (error,
 * warning, info as the finding says), failing requirements as errors and undecided or unchecked ones
 * as warnings on their `expect` line, worded in the UI language. A declaration the broker refuses
 * is marked once, by the run's own marker, not again by the lint.
 */
import type { AnalysisMarker, Located } from '../editor/markers'
import type { Lang } from '../i18n/language'
import type { PlaygroundAnalysis } from '../store/types'
import { requirementDetail, translator, verdictOf, witnessText } from './analysis-text'

const NONE: Located<AnalysisMarker> = { items: [], lines: [] }

export function analysisMarkers(a: PlaygroundAnalysis | null, lang: Lang): Located<AnalysisMarker> {
  if (!a) return NONE
  const t = translator(lang)
  const items: AnalysisMarker[] = []
  const lines: string[] = []
  a.findings.forEach((f, i) => {
    // The broker's refusal already has its own marker on that line (amqp-engine); not twice.
    if (!f.loc || f.rule === 'refused-declaration') return
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
