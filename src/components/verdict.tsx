/** A matched / not-matched mark with text (colour is never the only signal). */
export function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <span className={ok ? 'verdict verdict-ok' : 'verdict verdict-bad'}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {ok ? yes : no}
    </span>
  )
}
