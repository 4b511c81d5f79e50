/**
 * The `analyze` CLI without its process (docs/analysis.md, "CLI"): arguments and file texts in, what
 * to print and the exit code out.
 *   0  nothing fails (requirements hold or are undecided; no error-severity finding; diff printed)
 *   3  a requirement fails, an error-severity finding exists, or (diff --exit-code) something changed
 *   2  usage or bad input: one located line on stderr (`file: where: problem`)
 *   1  an internal error (an engine bug): one line on stderr
 */
import {
  AnalysisInputError,
  type AnalysisSource,
  analysisSource,
  checkSource,
  diffSources,
  type LintFinding,
  lintSource,
  type RequirementResult,
  type TopologyDiff,
} from '../src/engine'

export interface CliOutcome {
  code: 0 | 1 | 2 | 3
  stdout: string
  stderr: string
}

export const USAGE = [
  'usage: npm run --silent analyze -- lint FILE [--json] [--profile NAME]',
  '       npm run --silent analyze -- check FILE [--json] [--profile NAME]',
  '       npm run --silent analyze -- diff BEFORE AFTER [--json] [--exit-code] [--profile NAME]',
  'FILE: a playground script, a scenario JSON or a definitions.json export ("-" reads stdin)',
].join('\n')

type Read = (file: string) => string

function subjectText(f: LintFinding): string {
  const s = f.subject
  if (s.kind === 'binding' && s.binding)
    return `binding ${s.binding.source} → ${s.binding.destination} key ${JSON.stringify(s.binding.routing_key)}`
  return `${s.kind} ${s.name}`
}

export function lintJson(findings: readonly LintFinding[], undecided: unknown[]): unknown {
  return {
    findings: findings.map((f) => ({
      rule: f.rule,
      severity: f.severity,
      subject: subjectText(f),
      vhost: f.subject.vhost,
      message: f.message.en,
      message_zh: f.message.zh,
      fix: f.fix.en,
      fix_zh: f.fix.zh,
      witness: f.witness,
      ...(f.loc ? { line: f.loc.line } : {}),
    })),
    undecided,
  }
}

export function checkJson(results: readonly RequirementResult[]): unknown {
  return {
    requirements: results.map((r) => ({
      ...(r.loc ? { line: r.loc.line } : {}),
      ...(r.index !== undefined ? { index: r.index } : {}),
      text: r.text,
      holds: r.holds,
      counterexample: r.counterexample
        ? {
            exchange: r.counterexample.exchange,
            routing_key: r.counterexample.routing_key,
            headers: r.counterexample.headers,
            reached: r.counterexample.reached,
            path: r.counterexample.path,
          }
        : null,
      ...(r.error ? { error: r.error } : {}),
      ...(r.checkedWords !== undefined ? { checked_words: r.checkedWords } : {}),
    })),
  }
}

export function diffJson(d: TopologyDiff): unknown {
  return {
    changes: d.changes.map((c) => ({
      vhost: c.vhost,
      exchange: c.exchange,
      destination: c.destination,
      destination_type: c.destination_type,
      change: c.change,
      witness: { routing_key: c.witness.routing_key, headers: c.witness.headers },
      before: c.before,
      after: c.after,
    })),
    copies: d.copies.map((c) => ({
      vhost: c.vhost,
      exchange: c.exchange,
      copies_before: c.copies_before,
      copies_after: c.copies_after,
      witness: { routing_key: c.witness.routing_key, headers: c.witness.headers },
      before: c.before,
      after: c.after,
    })),
    undecided: d.undecided,
  }
}

const headersText = (h: Record<string, unknown>) =>
  Object.keys(h).length ? ` headers ${JSON.stringify(h)}` : ''
const queuesText = (q: readonly string[]) => (q.length ? q.join(', ') : '(no queue)')

function checkText(results: readonly RequirementResult[]): string {
  return results
    .map((r) => {
      const where = r.loc ? `line ${r.loc.line}` : `expect[${r.index}]`
      if (r.error) return `${where}: ${r.text}\n  cannot check: ${r.error}`
      if (r.holds === true) return `${where}: holds   ${r.text}`
      if (r.holds === null)
        return `${where}: undecided within the budget (every key of up to ${r.checkedWords} words checked)   ${r.text}`
      const c = r.counterexample
      return `${where}: FAILS   ${r.text}\n  counter-example: publish to ${c?.exchange} key ${JSON.stringify(c?.routing_key)}${headersText(c?.headers ?? {})} → ${queuesText(c?.reached ?? [])}`
    })
    .join('\n')
}

function lintText(findings: readonly LintFinding[]): string {
  if (findings.length === 0) return 'no findings'
  return findings
    .map((f) => {
      const where = f.loc ? `line ${f.loc.line}: ` : ''
      const w = f.witness
        ? `\n  witness: publish to ${f.witness.exchange} key ${JSON.stringify(f.witness.routing_key)}${headersText(f.witness.headers)}`
        : ''
      return `${where}${f.severity} ${f.rule}: ${f.message.en}${w}\n  fix: ${f.fix.en}`
    })
    .join('\n')
}

function diffText(d: TopologyDiff): string {
  const lines: string[] = []
  for (const c of d.changes)
    lines.push(
      `${c.change === 'gained' ? '+' : '-'} ${c.exchange} → ${c.destination_type} ${c.destination}: e.g. key ${JSON.stringify(c.witness.routing_key)}${headersText(c.witness.headers)} (before: ${queuesText(c.before.queues)}; after: ${queuesText(c.after.queues)})`,
    )
  for (const c of d.copies)
    lines.push(
      `# ${c.exchange}: copies ${c.copies_before} → ${c.copies_after}, e.g. key ${JSON.stringify(c.witness.routing_key)}${headersText(c.witness.headers)}`,
    )
  for (const u of d.undecided)
    lines.push(`? ${u.exchange}: undecided beyond keys of ${u.checked_words} words (${u.limit})`)
  return lines.length ? lines.join('\n') : 'no difference: every message is routed alike'
}

export function analyzeCli(argv: readonly string[], read: Read): CliOutcome {
  const flags = new Set<string>(argv.filter((a) => a === '--json' || a === '--exit-code'))
  const rest: string[] = []
  let profile: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === '--profile') profile = argv[++i]
    else if (!flags.has(a)) rest.push(a)
  }
  const [command, ...files] = rest
  const want = command === 'diff' ? 2 : 1
  if (
    !['lint', 'check', 'diff'].includes(command ?? '') ||
    files.length !== want ||
    (profile === undefined && argv.includes('--profile'))
  )
    return { code: 2, stdout: '', stderr: `${USAGE}\n` }
  const sources: AnalysisSource[] = []
  for (const file of files) {
    let text: string
    try {
      text = read(file)
    } catch (e) {
      return {
        code: 2,
        stdout: '',
        stderr: `${file}: cannot read: ${e instanceof Error ? e.message : String(e)}\n`,
      }
    }
    try {
      sources.push(analysisSource(text, profile))
    } catch (e) {
      if (e instanceof AnalysisInputError) return { code: 2, stdout: '', stderr: `${file}: ${e.message}\n` }
      return internal(file, e)
    }
  }
  const json = flags.has('--json')
  const print = (value: unknown, text: string) => (json ? `${JSON.stringify(value, null, 2)}\n` : `${text}\n`)
  try {
    if (command === 'check') {
      const results = checkSource(sources[0] as AnalysisSource)
      const bad = results.filter((r) => r.error)
      if (bad.length > 0)
        return {
          code: 2,
          stdout: '',
          stderr: bad
            .map(
              (r) =>
                `${files[0]}: ${r.loc ? `line ${r.loc.line}, column ${r.loc.column}` : `expect[${r.index}]`}: ${r.error}\n`,
            )
            .join(''),
        }
      const fails = results.some((r) => r.holds === false)
      return { code: fails ? 3 : 0, stdout: print(checkJson(results), checkText(results)), stderr: '' }
    }
    if (command === 'lint') {
      const { findings, undecided } = lintSource(sources[0] as AnalysisSource)
      const fails = findings.some((f) => f.severity === 'error')
      return {
        code: fails ? 3 : 0,
        stdout: print(lintJson(findings, undecided), lintText(findings)),
        stderr: '',
      }
    }
    const d = diffSources(sources[0] as AnalysisSource, sources[1] as AnalysisSource)
    const changed = d.changes.length > 0 || d.copies.length > 0
    return {
      code: flags.has('--exit-code') && changed ? 3 : 0,
      stdout: print(diffJson(d), diffText(d)),
      stderr: '',
    }
  } catch (e) {
    return internal(files.join(' '), e)
  }
}

function internal(name: string, e: unknown): CliOutcome {
  const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
  return {
    code: 1,
    stdout: '',
    stderr: `${name}: internal error (please report it): ${what.split('\n')[0]}\n`,
  }
}
