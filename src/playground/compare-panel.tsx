/**
 * "Compare with…" (issue 20): the current topology against an earlier version from the undo history,
 * or a file (script, scenario JSON or definitions.json). Lists what each exchange gained and lost per
 * destination with a witness and both paths, and the messages whose number of copies changed; the
 * diagram draws the gained and lost edges (RunViews passes the diff on). The diff is recomputed in
 * the analysis Worker as the script changes, against the same "before".
 */
import { useRef, useState } from 'react'
import { create } from 'zustand'
import type { DiffChange } from '../engine'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { earlierText } from '../store/analysis-pipeline'
import { playgroundStore, usePlayground } from '../store/app-store'
import { publishWitness } from './analysis-actions'
import { analysisMessages } from './analysis-messages'
import { exchangeText, translator, witnessText } from './analysis-text'

/** Whether the chooser is open (the toolbar's button toggles it). */
const useCompareUi = create<{ open: boolean }>(() => ({ open: false }))

const MAX_VERSIONS = 50
const NO_CHANGES: DiffChange[] = []

export function CompareButton() {
  const t = useT(analysisMessages)
  const open = useCompareUi((s) => s.open)
  const comparing = usePlayground((s) => s.compare !== null)
  return (
    <button
      type="button"
      aria-expanded={open || comparing}
      aria-controls="compare-panel"
      title={t('compareHint')}
      data-testid="compare-open"
      onClick={() => useCompareUi.setState({ open: !open })}
    >
      {t('compare')}
    </button>
  )
}

/** The gained and lost changes to draw, while a comparison is current. */
export function useDrawnDiff(): readonly DiffChange[] | null {
  return usePlayground((s) =>
    s.compare && s.analysis?.compareId === s.compare.id ? (s.analysis.diff?.changes ?? NO_CHANGES) : null,
  )
}

export function DiffLegend({ hidden }: { hidden: number }) {
  const t = useT(analysisMessages)
  return (
    <div className="diff-legend" data-testid="diff-legend">
      <strong>{t('legendTitle')}</strong>
      <span>
        <span className="swatch" aria-hidden="true" />+ {t('legendGained')}
      </span>
      <span>
        <span className="swatch is-lost" aria-hidden="true" />− {t('legendLost')}
      </span>
      {hidden > 0 && <span className="muted">{t('legendHidden', { n: hidden })}</span>}
    </div>
  )
}

export function ComparePanel() {
  const t = useT(analysisMessages)
  const open = useCompareUi((s) => s.open)
  const compare = usePlayground((s) => s.compare)
  if (!open && !compare) return null
  return (
    <section
      className="panel compare-panel"
      id="compare-panel"
      aria-labelledby="compare-heading"
      data-testid="compare-panel"
    >
      <h2 id="compare-heading">{t('compareHeading')}</h2>
      <CompareChooser />
      {compare && <CompareResult />}
    </section>
  )
}

function CompareChooser() {
  const t = useT(analysisMessages)
  const steps = usePlayground((s) => Math.min(s.past.length, MAX_VERSIONS))
  const comparing = usePlayground((s) => s.compare !== null)
  const [chosen, setChosen] = useState(1)
  const file = useRef<HTMLInputElement>(null)
  const compareVersion = () => {
    const s = playgroundStore.getState()
    const text = earlierText(s.text, s.past, chosen)
    if (text !== null) s.setCompare({ kind: 'version', steps: chosen, text })
  }
  return (
    <div className="compare-chooser">
      <span>{t('compareChoose')}</span>
      {steps === 0 ? (
        <span className="muted">{t('compareNoHistory')}</span>
      ) : (
        <>
          <label>
            <span className="sr-only">{t('compareVersion')}</span>
            <select
              data-testid="compare-version"
              value={Math.min(chosen, steps)}
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              {Array.from({ length: steps }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {t('compareVersionOption', { steps: n })}
                </option>
              ))}
            </select>
          </label>
          <button type="button" data-testid="compare-version-run" onClick={compareVersion}>
            {t('compareRun')}
          </button>
        </>
      )}
      <button type="button" data-testid="compare-file" onClick={() => file.current?.click()}>
        {t('compareFile')}
      </button>
      <input
        ref={file}
        type="file"
        hidden
        accept=".json,.txt,.amqp,application/json,text/plain"
        data-testid="compare-file-input"
        onChange={async (e) => {
          const f = e.target.files?.[0]
          e.target.value = ''
          if (f) playgroundStore.getState().setCompare({ kind: 'file', name: f.name, text: await f.text() })
        }}
      />
      {comparing && (
        <button
          type="button"
          data-testid="compare-stop"
          onClick={() => playgroundStore.getState().setCompare(null)}
        >
          {t('compareStop')}
        </button>
      )}
      <button
        type="button"
        onClick={() => {
          useCompareUi.setState({ open: false })
          playgroundStore.getState().setCompare(null)
        }}
      >
        {t('compareClose')}
      </button>
    </div>
  )
}

function CompareResult() {
  const t = useT(analysisMessages)
  const lang = useLanguage((s) => s.lang)
  const tr = translator(lang)
  const compare = usePlayground((s) => s.compare)
  const analysis = usePlayground((s) => (s.analysis?.compareId === s.compare?.id ? s.analysis : null))
  if (!compare) return null
  const what =
    compare.kind === 'version'
      ? t('compareWithVersion', { steps: compare.steps ?? 0 })
      : t('compareWithFile', { name: compare.name ?? '' })
  if (!analysis)
    return (
      <p className="muted" data-testid="compare-status">
        {what} {t('analysing')}
      </p>
    )
  if (analysis.diffError)
    return (
      <p className="bad" role="status" data-testid="compare-status">
        {t('compareBadFile', { where: analysis.diffError.where || '—', detail: '' })}
        <code>{analysis.diffError.detail}</code>
      </p>
    )
  const diff = analysis.diff
  if (!diff) return null
  const gained = diff.changes.filter((c) => c.change === 'gained').length
  const side = (queues: string[]) => (queues.length ? queues.join(', ') : t('reachedNothing'))
  return (
    <div className="compare-result" data-testid="compare-result">
      <p data-testid="compare-status">
        {what}{' '}
        {diff.changes.length === 0 && diff.copies.length === 0
          ? t('compareSame')
          : t('compareChanges', { gained, lost: diff.changes.length - gained, copies: diff.copies.length })}
      </p>
      {diff.changes.length > 0 && (
        <ul className="diff-list">
          {diff.changes.map((c, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the diff's own order
              key={i}
              className={`is-${c.change}`}
              data-testid="diff-change"
              data-change={c.change}
              data-exchange={c.exchange}
              data-destination={c.destination}
            >
              <span className="diff-sign" aria-hidden="true">
                {c.change === 'gained' ? '+' : '−'}{' '}
              </span>
              <strong>{t(c.change)}</strong>{' '}
              {t('changeRow', {
                sign: '',
                exchange: exchangeText(c.exchange, tr),
                type: t(c.destination_type === 'queue' ? 'typeQueue' : 'typeExchange'),
                destination: c.destination,
              }).trim()}
              <p>
                {witnessText(c.witness, tr)}{' '}
                <button type="button" onClick={() => publishWitness(c.witness, c.vhost)}>
                  {t('publishWitness')}
                </button>
              </p>
              <p className="muted">
                {t('beforeAfter', { before: side(c.before.queues), after: side(c.after.queues) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {diff.copies.length > 0 && (
        <>
          <h3>{t('copiesHeading')}</h3>
          <ul className="diff-list">
            {diff.copies.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the diff's own order
              <li key={i} data-testid="diff-copies">
                {t('copiesRow', {
                  exchange: exchangeText(c.exchange, tr),
                  before: c.copies_before,
                  after: c.copies_after,
                })}
                <p>{witnessText(c.witness, tr)}</p>
                <p className="muted">
                  {t('beforeAfter', { before: side(c.before.queues), after: side(c.after.queues) })}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {diff.undecided.length > 0 && (
        <p className="muted">
          {t('compareUndecided', {
            names: diff.undecided.map((u) => exchangeText(u.exchange, tr)).join(', '),
            words: Math.min(...diff.undecided.map((u) => u.checked_words)),
          })}
        </p>
      )}
    </div>
  )
}
