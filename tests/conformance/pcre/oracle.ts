/** Erlang's `re` as the oracle for policy patterns (re-oracle.escript), and the engine's answer beside it. */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import {
  compilePolicyPattern,
  isPatternError,
  patternErrorText,
} from '../../../src/engine/pcre/policy-pattern'

/** Per name: true, false, or 'gave-up' (PCRE hit its match limit: the broker reads that as no match). */
export type Outcome = boolean | 'gave-up'
export type Verdict = { error: string } | { matches: Outcome[] } | { unsupported: string }

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

/** Asks this machine's Erlang (the one RabbitMQ runs on) about every pattern against every name. */
export function askErlang(patterns: readonly string[], names: readonly string[]): Verdict[] {
  const input = [...names.map((n) => `N ${b64(n)}`), ...patterns.map((p) => `P ${b64(p)}`)].join('\n')
  const r = spawnSync('escript', [join(import.meta.dirname, 're-oracle.escript')], {
    input: `${input}\n`,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  })
  if (r.status !== 0) throw new Error(`escript failed (${r.status}): ${r.stderr || r.error}`)
  const lines = r.stdout.split('\n').filter((l) => l !== '')
  if (lines.length !== patterns.length)
    throw new Error(`escript answered ${lines.length} of ${patterns.length}`)
  return lines.map((l) =>
    l.startsWith('E ')
      ? { error: Buffer.from(l.slice(2), 'base64').toString('utf8') }
      : { matches: [...l.slice(2)].map((ch) => (ch === 'L' ? 'gave-up' : ch === '1')) },
  )
}

/** The engine's verdict on the same question. */
export function askEngine(pattern: string, names: readonly string[]): Verdict {
  try {
    const m = compilePolicyPattern(pattern)
    return { matches: names.map((n) => m.test(n)) }
  } catch (e) {
    if (!isPatternError(e)) throw e
    return e.unsupported ? { unsupported: patternErrorText(e) } : { error: patternErrorText(e) }
  }
}

/**
 * A line per difference ('' when they agree). A construct the engine does not simulate is refused
 * with its own text, whether the broker accepts it or refuses it for another reason; where PCRE gave
 * up, the engine's answer is the pattern's meaning (documented), so that is no difference either.
 */
export function differences(pattern: string, names: readonly string[], erl: Verdict, eng: Verdict): string {
  const p = JSON.stringify(pattern)
  if ('unsupported' in eng) return ''
  if ('error' in erl || 'error' in eng) {
    const a = 'error' in erl ? erl.error : 'valid'
    const b = 'error' in eng ? eng.error : 'valid'
    return a === b ? '' : `${p}: broker ${JSON.stringify(a)}, engine ${JSON.stringify(b)}`
  }
  const m = erl as { matches: Outcome[] }
  const out = names
    .map((n, i) =>
      m.matches[i] === 'gave-up' || m.matches[i] === (eng as { matches: Outcome[] }).matches[i]
        ? ''
        : JSON.stringify(n),
    )
    .filter((x) => x !== '')
  return out.length === 0 ? '' : `${p}: broker and engine differ on ${out.join(', ')}`
}
