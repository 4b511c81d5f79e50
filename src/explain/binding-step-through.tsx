/**
 * "Step through" one binding of the why panel, in place: a topic binding in the DP table stepper or
 * the trie walk (with its exchange's other topic bindings), a headers binding one argument at a time.
 * The steppers replay the engine's recorded traces; this only picks the pattern, key and rows.
 */
import { useState } from 'react'
import type { BindingEvaluation, HeadersRow } from '../engine'
import { useT } from '../i18n/messages'
import { DpStepper } from './dp/dp-stepper'
import { explainMessages } from './explain-messages'
import { HeadersTable } from './headers-table'
import { PlayerControls } from './player/player-controls'
import { StepperBody } from './player/stepper-body'
import { usePlayer } from './player/use-player'
import { headersSummaryLine } from './routing-reason'
import { TrieWalk } from './trie/trie-walk'

/** Whether a binding has something to step through. */
export const canStepThrough = (ev: BindingEvaluation) =>
  ev.reason.kind === 'topic' || (ev.reason.kind === 'headers' && ev.reason.rows.length > 0)

export function BindingStepThrough(props: { ev: BindingEvaluation; siblings: BindingEvaluation[] }) {
  const { ev, siblings } = props
  if (ev.reason.kind === 'headers')
    return <HeadersStepper rows={ev.reason.rows} xMatch={ev.reason.xMatch} matched={ev.matched} />
  if (ev.reason.kind !== 'topic') return null
  const keys = ev.reason.perKey.map((te) => te.routingKey)
  return <TopicStepThrough ev={ev} keys={keys} siblings={siblings} />
}

function TopicStepThrough(props: { ev: BindingEvaluation; keys: string[]; siblings: BindingEvaluation[] }) {
  const t = useT(explainMessages)
  const [view, setView] = useState<'dp' | 'trie'>('dp')
  const [key, setKey] = useState(props.keys[0] ?? '')
  const trie = props.siblings
    .filter((e) => e.reason.kind === 'topic')
    .map((e) => ({ pattern: e.routingKey, dest: e.destination }))
  return (
    <div className="step-through" data-testid="step-through-panel">
      <fieldset className="step-through-tabs">
        <legend className="sr-only">{t('stepThrough')}</legend>
        <button
          type="button"
          aria-pressed={view === 'dp'}
          onClick={() => setView('dp')}
          data-testid="step-dp"
        >
          {t('stepDp')}
        </button>
        <button
          type="button"
          aria-pressed={view === 'trie'}
          onClick={() => setView('trie')}
          data-testid="step-trie"
        >
          {t('stepTrie')}
        </button>
        {props.keys.length > 1 && (
          <label>
            {t('stepKey')}{' '}
            <select value={key} onChange={(e) => setKey(e.target.value)}>
              {props.keys.map((k, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: CC keys may repeat
                <option key={i} value={k}>
                  {k === '' ? '""' : k}
                </option>
              ))}
            </select>
          </label>
        )}
      </fieldset>
      {view === 'dp' ? (
        <DpStepper
          key={`${props.ev.routingKey}\u0000${key}`}
          pattern={props.ev.routingKey}
          keyText={key}
          presets={false}
        />
      ) : (
        <TrieWalk key={key} bindings={trie} routingKey={key} exchange={props.ev.source} />
      )}
    </div>
  )
}

/** One argument per step, then the x-match verdict (the engine's rows, revealed in order). */
function HeadersStepper({ rows, xMatch, matched }: { rows: HeadersRow[]; xMatch: string; matched: boolean }) {
  const t = useT(explainMessages)
  const player = usePlayer(rows.length + 1, rows.map((r) => r.key).join('\u0000'))
  const done = player.cursor > rows.length
  return (
    <div className="step-through" data-testid="step-through-panel">
      <StepperBody player={player} testId="headers-body">
        <PlayerControls player={player} testId="headers" />
        <HeadersTable
          rows={rows}
          t={t}
          revealed={Math.min(player.cursor, rows.length)}
          current={done ? -1 : player.cursor - 1}
        />
        <p className="stepper-explain" aria-live="polite" data-testid="headers-explain">
          {done
            ? `${headersSummaryLine(xMatch, rows, t)} → ${t(matched ? 'matched' : 'notMatched')}`
            : player.cursor === 0
              ? t('stepHeadersStart', { mode: xMatch })
              : t('stepHeadersRow', { key: rows[player.cursor - 1]?.key ?? '' })}
        </p>
      </StepperBody>
    </div>
  )
}
