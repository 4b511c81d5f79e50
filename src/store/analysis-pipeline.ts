/**
 * Text → the analysis Worker (requirements, lint, and the diff against the compared version) →
 * store. Its own Worker and its own pipeline: a lint of a large topology takes seconds and must
 * never hold up routing or typing. Debounced like routing; a newer text (or another comparison)
 * cancels the call in flight instead of queueing behind it. A text that does not parse keeps the
 * last analysis, as the last good run stays.
 */
import type { StoreApi } from 'zustand'
import type { AnalysisReply } from '../worker/analysis-api'
import { applyEdit, invertEdit, own, type TextEdit } from './text-history'
import type { PlaygroundState } from './types'

export interface AnalysisAccess {
  analyze: (text: string, before: string | null) => Promise<AnalysisReply>
  /** Give up the call in flight (its promise rejects). */
  cancel: () => void
}

export interface AnalysisPipeline {
  start: () => void
  stop: () => void
}

export function createAnalysisPipeline(
  store: StoreApi<PlaygroundState>,
  access: AnalysisAccess | null,
): AnalysisPipeline {
  let started = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let ticket = 0
  let inFlight = false
  /** How long the last analysis took in the Worker: the next typing pause follows it. */
  let lastMs: number | null = null

  const schedule = (delay: number) => {
    if (!access || !started || stopped) return
    if (timer) clearTimeout(timer)
    if (!store.getState().analysisBusy) store.setState({ analysisBusy: true })
    timer = setTimeout(go, delay)
  }

  async function go(): Promise<void> {
    timer = null
    if (!access || stopped) return
    const s = store.getState()
    const text = s.text
    const compare = s.compare
    // The answer for an older text is of no use: stop computing it.
    if (inFlight) access.cancel()
    const mine = ++ticket
    inFlight = true
    try {
      const reply = await access.analyze(text, compare?.text ?? null)
      if (mine !== ticket || stopped) return
      const now = store.getState()
      if (!reply.ok) {
        store.setState({ analysisBusy: false, analysisError: null })
        return
      }
      lastMs = reply.ms
      const lines = linesOf(text)
      store.setState({
        analysis: {
          text,
          requirements: reply.requirements,
          requirementLines: reply.requirements.map((r) => lines(r.loc?.line ?? 0)),
          findings: reply.findings,
          findingLines: reply.findings.map((f) => lines(f.loc?.line ?? 0)),
          undecided: reply.undecided,
          diff: reply.diff,
          diffError: reply.diffError,
          compareId: compare?.id ?? null,
          ms: reply.ms,
        },
        analysisBusy: now.text !== text || timer !== null,
        analysisError: null,
      })
    } catch (e) {
      if (mine !== ticket || stopped) return
      store.setState({ analysisBusy: false, analysisError: e instanceof Error ? e.message : String(e) })
    } finally {
      if (mine === ticket) inFlight = false
    }
  }

  store.subscribe((s, prev) => {
    if (s.compare !== prev.compare) schedule(0)
    else if (s.text !== prev.text) schedule(analysisPause(s.text, lastMs))
  })

  return {
    start: () => {
      if (started) return
      started = true
      schedule(0)
    },
    stop: () => {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}

/**
 * The typing pause before an analysis: about as long as the last analysis took (60–400 ms), or a
 * guess from the text's size before the first one. The analysis has its own Worker, so neither
 * typing nor routing waits for it and a newer text cancels it; the pause only keeps a slow analysis
 * from being started and cancelled on every key, so a fast one (a 1,000-binding script: ~100 ms)
 * answers soon after an edit.
 */
export function analysisPause(text: string, lastMs: number | null): number {
  if (lastMs === null) return text.length > 200_000 ? 400 : 120
  return Math.round(Math.min(400, Math.max(60, lastMs)))
}

/** The text `steps` undo steps ago (the store keeps its history as edits). */
export function earlierText(text: string, past: readonly TextEdit[], steps: number): string | null {
  if (steps < 1 || steps > past.length) return null
  let t = text
  for (let i = past.length - 1; i >= past.length - steps; i--) {
    const edit = past[i]
    if (!edit) return null
    t = applyEdit(t, invertEdit(edit))
  }
  return t
}

function linesOf(text: string): (n: number) => string {
  let lines: string[] | null = null
  return (n) => {
    if (n < 1) return ''
    lines ??= text.split(/\r\n|\n|\r/)
    return own(lines[n - 1] ?? '')
  }
}
