/**
 * Located problems → Monaco markers: syntax errors from the parser (owner `amqp-script`) and the
 * broker's replies for operations that failed (owner `amqp-engine`, as warnings: the script is valid,
 * RabbitMQ refuses it).
 */
import type * as Monaco from 'monaco-editor/editor'
import type { OperationOutcome, ScriptDiagnostic } from '../engine'

export interface MarkerText {
  diagnostic: (d: ScriptDiagnostic) => string
  outcome: (o: OperationOutcome) => string
}

export function applyMarkers(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  diagnostics: readonly ScriptDiagnostic[],
  outcomes: readonly OperationOutcome[],
  text: MarkerText,
): void {
  monaco.editor.setModelMarkers(
    model,
    'amqp-script',
    diagnostics.map((d) => ({
      startLineNumber: d.loc.line,
      startColumn: d.loc.column,
      endLineNumber: d.loc.endLine,
      endColumn: d.loc.endColumn,
      message: text.diagnostic(d),
      severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      code: d.code,
    })),
  )
  monaco.editor.setModelMarkers(
    model,
    'amqp-engine',
    outcomes
      .filter((o) => !o.ok && o.loc)
      .map((o) => ({
        startLineNumber: o.loc?.line ?? 1,
        startColumn: o.loc?.column ?? 1,
        endLineNumber: o.loc?.endLine ?? 1,
        endColumn: o.loc?.endColumn ?? 1,
        message: text.outcome(o),
        severity: monaco.MarkerSeverity.Warning,
        code: String(o.error?.code ?? ''),
      })),
  )
}
