/** A line under the editor: syntax errors (with a jump), stale diagram, broker refusals, routing. */

import type { ScriptDiagnostic } from '../engine'
import { useT } from '../i18n/messages'
import { usePlayground } from '../store/app-store'
import { playgroundMessages } from './playground-messages'

const NONE: ScriptDiagnostic[] = []

export function EditorStatus({ onGoTo }: { onGoTo: (line: number, column: number) => void }) {
  const t = useT(playgroundMessages)
  const diagnostics = usePlayground((s) => s.parsed?.diagnostics ?? NONE)
  const stale = usePlayground((s) => s.stale && s.run !== null)
  const busy = usePlayground((s) => s.busy)
  const refused = usePlayground((s) => s.run?.failures.filter((o) => o.op !== 'publish').length ?? 0)
  const runError = usePlayground((s) => s.runError)
  const first = diagnostics[0]
  return (
    <div className="editor-status" data-testid="editor-status" aria-live="polite">
      {first && (
        <p className="bad" data-testid="syntax-status">
          {t('errorsCount', { count: diagnostics.length, line: first.loc.line, column: first.loc.column })}{' '}
          <button type="button" onClick={() => onGoTo(first.loc.line, first.loc.column)}>
            {t('goToError')}
          </button>
        </p>
      )}
      {first && stale && (
        <p className="muted" data-testid="stale-note">
          {t('staleNote')}
        </p>
      )}
      {!first && refused > 0 && <p className="warn">{t('brokerErrors', { count: refused })}</p>}
      {runError && (
        <p className="bad" role="alert">
          {runError}
        </p>
      )}
      {busy && !first && <p className="muted">{t('running')}</p>}
    </div>
  )
}
