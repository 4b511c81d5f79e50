/**
 * The figures a lesson states in prose (lesson.json `claims`), computed with the engine and looked
 * up in the step's text in both languages. Returns the problems found, so a test can also show that
 * a wrong figure or an edited text is caught.
 */
import {
  type RunResult,
  runTimeline,
  type TimelineScript,
  topicDpTrace,
  traceTrieMatch,
  traceTrieRemoval,
} from '../../src/engine'
import { analyzeStep } from '../../src/lessons/analysis-step'
import type { Block, Claim, Inline, LessonStep, StepText } from '../../src/lessons/content-types'
import { messageFare } from '../../src/lessons/timeline-question'

// table cells are read apart (a space between them), so `3.10` and `22` in two cells stay two figures
const SEP: Inline = { kind: 'text', text: ' ' }
const inlinesOf = (blocks: Block[]): Inline[] =>
  blocks.flatMap((b) =>
    b.kind === 'p'
      ? b.inlines
      : b.kind === 'table'
        ? [...b.head, ...b.rows.flat()].flatMap((cell) => [...cell, SEP])
        : b.items.flat(),
  )
const plain = (blocks: Block[]) =>
  inlinesOf(blocks)
    .map((i) => i.text)
    .join('')
const code = (blocks: Block[]) =>
  inlinesOf(blocks)
    .filter((i) => i.kind === 'code')
    .map((i) => i.text)
const cellText = (cell: Inline[]) =>
  cell
    .map((i) => i.text)
    .join('')
    .trim()
/** `figure` as a whole: not the tail or head of a longer number. */
const hasFigure = (text: string, figure: string) =>
  new RegExp(`(?<![\\d.])${figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d.]\\d)`).test(text)

/** The asked message's exchange bindings as the trie sees them. */
function trieInput(run: RunResult, ask: string | undefined) {
  const pub = run.publishes.find((p) => p.id === ask) ?? run.publishes[0]
  if (!pub) return null
  const bindings = run.topology.bindings
    .filter((b) => b.source === pub.exchange && b.vhost === pub.vhost)
    .map((b) => ({ pattern: b.routing_key, dest: b.destination }))
  return { bindings, key: pub.routingKeys[0] ?? '' }
}

export function checkClaim(
  claim: Claim,
  run: RunResult | null,
  ask: string | undefined,
  texts: Record<string, StepText>,
  /** The step's timeline, for claims about it. */
  timeline?: TimelineScript,
  step?: LessonStep,
): string[] {
  const problems: string[] = []
  // figures explain the outcome, so they sit below the --- line when the step asks
  const where = (t: StepText) => (t.after.length > 0 ? t.after : t.blocks)
  const inText = (figure: string) => {
    for (const [lang, t] of Object.entries(texts))
      if (!hasFigure(plain(where(t)), figure)) problems.push(`${lang}: the text does not say "${figure}"`)
  }
  const inCode = (word: string) => {
    for (const [lang, t] of Object.entries(texts))
      if (!code(where(t)).includes(word)) problems.push(`${lang}: the text does not name \`${word}\``)
  }
  switch (claim.kind) {
    case 'dp-size': {
      const { table } = topicDpTrace(claim.pattern, claim.key)
      const rows = table.length
      const cols = table[0]?.length ?? 0
      const computed = `${rows} × ${cols} = ${rows * cols}`
      if (claim.says !== computed)
        problems.push(`the engine's table is ${computed}, the claim says ${claim.says}`)
      inText(claim.says)
      break
    }
    case 'dp-table': {
      const { table } = topicDpTrace(claim.pattern, claim.key)
      const want = table.map((row) => row.map((v) => (v ? '✓' : '✗')))
      for (const [lang, t] of Object.entries(texts)) {
        const shown = where(t).find((b) => b.kind === 'table')
        const got = shown?.kind === 'table' ? shown.rows.map((r) => r.slice(1).map(cellText)) : null
        if (JSON.stringify(got) !== JSON.stringify(want))
          problems.push(
            `${lang}: the table is ${JSON.stringify(got)}, the engine fills ${JSON.stringify(want)}`,
          )
      }
      break
    }
    case 'copies': {
      const copies = run?.publishes.reduce((n, p) => n + p.queues.length, 0) ?? 0
      if (claim.says !== String(copies))
        problems.push(`the engine makes ${copies} copies, the claim says ${claim.says}`)
      inText(claim.says)
      break
    }
    case 'trie-states': {
      const input = run && trieInput(run, ask)
      if (!input) return ['no message to walk']
      const trace = traceTrieMatch(input.bindings, input.key)
      const v = trace.nodes.length
      const k = trace.words.length
      const bound = `${v} × ${k + 1} = ${v * (k + 1)}`
      const visited = trace.start.length + trace.steps.reduce((n, s) => n + s.after.length, 0)
      if (claim.says !== bound) problems.push(`the engine's bound is ${bound}, the claim says ${claim.says}`)
      if (claim.visited !== String(visited))
        problems.push(`the walk holds ${visited} states, the claim says ${claim.visited}`)
      if (visited > v * (k + 1)) problems.push(`the walk holds ${visited} states, over the bound ${bound}`)
      inText(claim.says)
      inText(claim.visited)
      break
    }
    case 'requirement': {
      const answer = step && analyzeStep(step)
      if (answer?.kind !== 'check') return ['the step asks no requirement question']
      const r = answer.requirements.find((x) => x.text === claim.text)
      if (!r)
        return [
          `no requirement "${claim.text}" in the step (it has ${answer.requirements.map((x) => x.text).join('; ')})`,
        ]
      if (r.holds !== claim.holds)
        problems.push(`the analysis says holds = ${r.holds}, the claim says ${claim.holds}`)
      const witness = r.counterexample?.routing_key
      if (witness !== claim.witness)
        problems.push(
          `the analysis's counter-example is ${JSON.stringify(witness)}, the claim says ${JSON.stringify(claim.witness)}`,
        )
      if (
        claim.reached &&
        JSON.stringify([...(r.counterexample?.reached ?? [])].sort()) !==
          JSON.stringify([...claim.reached].sort())
      )
        problems.push(
          `the counter-example reaches ${JSON.stringify(r.counterexample?.reached)}, the claim says ${JSON.stringify(claim.reached)}`,
        )
      if (claim.witness !== undefined) inCode(claim.witness)
      for (const q of claim.reached ?? []) inCode(q)
      break
    }
    case 'diff': {
      const answer = step && analyzeStep(step)
      if (answer?.kind !== 'diff') return ['the step asks no diff question']
      const changes = answer.diff.changes.map((c) => ({
        change: c.change,
        destination: c.destination,
        witness: c.witness.routing_key,
      }))
      const copies = answer.diff.copies.map((c) => ({
        witness: c.witness.routing_key,
        before: c.copies_before,
        after: c.copies_after,
      }))
      if (JSON.stringify(changes) !== JSON.stringify(claim.changes))
        problems.push(
          `the diff's changes are ${JSON.stringify(changes)}, the claim says ${JSON.stringify(claim.changes)}`,
        )
      if (JSON.stringify(copies) !== JSON.stringify(claim.copies))
        problems.push(
          `the diff's copies are ${JSON.stringify(copies)}, the claim says ${JSON.stringify(claim.copies)}`,
        )
      if (answer.diff.undecided.length > 0) problems.push('the diff is undecided within the budget')
      for (const c of claim.changes) {
        inCode(c.witness)
        inCode(c.destination)
      }
      for (const c of claim.copies) {
        inCode(c.witness)
        inText(`${c.before} → ${c.after}`)
      }
      break
    }
    case 'lint': {
      const answer = step && analyzeStep(step)
      if (!answer) return ['the step asks no analysis question']
      if (!step.analysis?.lint?.includes(claim.rule))
        problems.push(`the step does not show the rule ${claim.rule}`)
      const keys = answer.findings
        .filter((f) => f.rule === claim.rule)
        .map((f) => f.subject.binding?.routing_key ?? f.subject.name)
      if (JSON.stringify(keys) !== JSON.stringify(claim.keys))
        problems.push(`the lint finds ${JSON.stringify(keys)}, the claim says ${JSON.stringify(claim.keys)}`)
      inCode(claim.rule)
      for (const k of claim.keys) inCode(k)
      break
    }
    case 'trie-removal': {
      const input = run && trieInput(run, ask)
      if (!input) return ['no exchange to delete from']
      const removed = { pattern: claim.pattern, dest: claim.dest }
      if (input.bindings.some((b) => b.pattern === removed.pattern && b.dest === removed.dest))
        problems.push('the step does not delete this binding')
      // the trie just before the deletion: what is left, plus the deleted binding
      const r = traceTrieRemoval([...input.bindings, removed], removed)
      if (!r.found) problems.push('the binding was not in the trie')
      const last = (path: string) => path.split('.').at(-1) ?? ''
      const pruned = r.pruned.map(last)
      const words = claim.pattern.split('.')
      const prefixes = words.map((_, i) => words.slice(0, i + 1).join('.'))
      const kept = prefixes.filter((p) => !r.pruned.includes(p)).map(last)
      if (JSON.stringify(pruned) !== JSON.stringify(claim.pruned))
        problems.push(
          `the engine prunes ${JSON.stringify(pruned)}, the claim says ${JSON.stringify(claim.pruned)}`,
        )
      if (JSON.stringify(kept) !== JSON.stringify(claim.kept))
        problems.push(
          `the engine keeps ${JSON.stringify(kept)}, the claim says ${JSON.stringify(claim.kept)}`,
        )
      for (const w of [...claim.pruned, ...claim.kept]) inCode(w)
      break
    }
    case 'refusal': {
      const error = run?.result.errors.find((e) => e.id === claim.op)
      if (!error) problems.push(`the engine does not refuse ${claim.op}`)
      else {
        if (error.code !== claim.code)
          problems.push(`the engine answers ${claim.op} with ${error.code}, the claim says ${claim.code}`)
        if (!error.text.includes(claim.names))
          problems.push(`the reply text "${error.text}" does not name ${claim.names}`)
      }
      inText(String(claim.code))
      inCode(claim.names)
      break
    }
    case 'profile-run': {
      if (!timeline) return ['the step has no timeline']
      const fare = messageFare(runTimeline({ ...timeline, profile: claim.profile }), claim.message)
      if (String(fare.deliveries) !== claim.deliveries)
        problems.push(
          `under ${claim.profile} ${claim.message} is delivered ${fare.deliveries} times, the claim says ${claim.deliveries}`,
        )
      if (fare.deadLettered !== (claim.reason ?? null))
        problems.push(
          `under ${claim.profile} ${claim.message} is dead-lettered with ${fare.deadLettered}, the claim says ${claim.reason ?? 'never'}`,
        )
      inText(claim.deliveries)
      if (claim.reason) inCode(claim.reason)
      break
    }
  }
  return problems
}
