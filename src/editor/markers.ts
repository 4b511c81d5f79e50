/**
 * Located problems → Monaco markers: syntax errors from the parser (owner `amqp-script`) and the
 * broker's replies for operations that failed (owner `amqp-engine`, as warnings: the script is valid,
 * RabbitMQ refuses it). Each comes with the text its line had when it was found; a marker is shown
 * only while its line still reads the same, so a marker from an older run never sits on a changed line.
 */
import type * as Monaco from 'monaco-editor/editor'
import type { OperationOutcome, ScriptDiagnostic, ScriptHint, SourceLocation } from '../engine'

/** A whole-message-space analysis answer on a line (a lint finding, a failing requirement), worded. */
export interface AnalysisMarker {
  loc: SourceLocation
  severity: 'error' | 'warning' | 'info'
  message: string
  code: string
}

export interface MarkerText {
  diagnostic: (d: ScriptDiagnostic) => string
  outcome: (o: OperationOutcome) => string
  /** An explanation on its line, or null for hints said with their refusal. */
  hint: (h: ScriptHint) => string | null
}

/** Problems with the text of their line when found (`lines[i]` belongs to `items[i]`). */
export interface Located<T> {
  items: readonly T[]
  lines: readonly string[]
}

export function applyMarkers(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  diagnostics: Located<ScriptDiagnostic>,
  outcomes: Located<OperationOutcome>,
  hints: Located<ScriptHint>,
  text: MarkerText,
  analysis: Located<AnalysisMarker> = { items: [], lines: [] },
): void {
  const count = model.getLineCount()
  const unchanged = (line: number, was: string | undefined) =>
    line >= 1 && line <= count && was !== undefined && model.getLineContent(line) === was
  setIfChanged(
    monaco,
    model,
    'amqp-script',
    diagnostics.items
      .filter((d, i) => unchanged(d.loc.line, diagnostics.lines[i]))
      .map((d) => ({
        startLineNumber: d.loc.line,
        startColumn: d.loc.column,
        endLineNumber: d.loc.endLine,
        endColumn: d.loc.endColumn,
        message: text.diagnostic(d),
        severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        code: d.code,
      })),
  )
  setIfChanged(
    monaco,
    model,
    'amqp-engine',
    outcomes.items
      .map((o, i) => ({ o, was: outcomes.lines[i] }))
      .filter(({ o, was }) => !o.ok && o.loc && unchanged(o.loc.line, was))
      .map(({ o }) => ({
        startLineNumber: o.loc?.line ?? 1,
        startColumn: o.loc?.column ?? 1,
        endLineNumber: o.loc?.endLine ?? 1,
        endColumn: o.loc?.endColumn ?? 1,
        message: text.outcome(o),
        severity: monaco.MarkerSeverity.Warning,
        code: String(o.error?.code ?? ''),
      })),
  )
  setIfChanged(
    monaco,
    model,
    'amqp-hints',
    hints.items.flatMap((h, i) => {
      const message = unchanged(h.loc.line, hints.lines[i]) ? text.hint(h) : null
      return message === null
        ? []
        : [
            {
              startLineNumber: h.loc.line,
              startColumn: h.loc.column,
              endLineNumber: h.loc.endLine,
              endColumn: h.loc.endColumn,
              message,
              severity: monaco.MarkerSeverity.Info,
              code: h.code,
            },
          ]
    }),
  )
  const severity = {
    error: monaco.MarkerSeverity.Error,
    warning: monaco.MarkerSeverity.Warning,
    info: monaco.MarkerSeverity.Info,
  }
  setIfChanged(
    monaco,
    model,
    'amqp-analysis',
    analysis.items
      .filter((m, i) => unchanged(m.loc.line, analysis.lines[i]))
      .map((m) => ({
        startLineNumber: m.loc.line,
        startColumn: m.loc.column,
        endLineNumber: m.loc.endLine,
        endColumn: m.loc.endColumn,
        message: m.message,
        severity: severity[m.severity],
        code: m.code,
      })),
  )
}

/** What each owner last set on each model, so an unchanged list is not set again. */
const lastSet = new WeakMap<Monaco.editor.ITextModel, Map<string, string>>()

/**
 * Sets an owner's markers unless the same ones are already set: replacing thousands of markers
 * rebuilds Monaco's decorations, a long task on a large script.
 */
function setIfChanged(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  owner: string,
  markers: Monaco.editor.IMarkerData[],
): void {
  const signature = markers
    .map(
      (m) =>
        `${m.startLineNumber}:${m.startColumn}:${m.endLineNumber}:${m.endColumn}:${m.severity}:${m.message}`,
    )
    .join('\n')
  let byOwner = lastSet.get(model)
  if (!byOwner) {
    byOwner = new Map()
    lastSet.set(model, byOwner)
  }
  if (byOwner.get(owner) === signature) return
  byOwner.set(owner, signature)
  monaco.editor.setModelMarkers(model, owner, markers)
}
