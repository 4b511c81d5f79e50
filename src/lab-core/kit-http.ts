/**
 * The HTTP API kit: a bash script with curl and jq that runs the plan through RabbitMQ's management
 * API, as live mode does from the browser. The API has no channel and no mandatory flag: a publish
 * answers `routed`, and an unrouted mandatory message is recorded as the basic.return it would be.
 */
import { bindingBody, exchangeBody, publishBody, queueBody } from './http-bodies'
import { HTTP_ERROR_RULES } from './http-errors'
import { declaredNames, headerLines, queuesPerVhost, vhostIndex } from './kit-shared'
import { asciiJson, shWord } from './literals'
import { OBSERVATION_FORMAT, OBSERVATION_VERSION } from './observation'
import type { LabPlan, LabStep } from './plan'
import { type PolicyWait, policyBody, policyWaits, prefixedPatternParts } from './policy-steps'
import { HTTP_RUNTIME } from './runtimes/embedded'

const word = (s: string) => shWord(s)
const obj = (o: unknown) => shWord(asciiJson(o))

/** Each step passes the request body the API takes, ready made; only prefix mode rewrites names. */
function step(plan: LabPlan, s: LabStep, waits: PolicyWait[]): string {
  const v = vhostIndex(plan, s)
  const id = word(s.id)
  switch (s.op) {
    case 'policy.set': {
      const parts = prefixedPatternParts(s.policy.pattern)
      return `set_policy ${v} ${id} ${word(s.policy.name)} ${obj(policyBody(s))} ${obj(parts)} ${obj(waits)}`
    }
    case 'policy.clear':
      return `clear_policy ${v} ${id} ${word(s.name)} ${obj(waits)}`
    case 'exchange.declare':
      return `declare_exchange ${v} ${id} ${word(s.exchange.name)} ${obj(exchangeBody(s))}`
    case 'queue.declare':
      return `declare_queue ${v} ${id} ${word(s.queue.name)} ${obj(queueBody(s))}`
    case 'bind':
    case 'unbind': {
      const b = s.binding
      return `${s.op} ${v} ${id} ${word(b.source)} ${b.destination_type} ${word(b.destination)} ${obj(bindingBody(s))}`
    }
    case 'exchange.delete':
      return `delete_exchange ${v} ${id} ${word(s.name)} ${s.if_unused === true}`
    case 'queue.delete':
      return `delete_queue ${v} ${id} ${word(s.name)}`
    case 'publish':
      return `publish ${v} ${id} ${word(s.publish.exchange)} ${s.publish.mandatory === true} ${obj(publishBody(s))}`
  }
}

/** HTTP_ERROR_RULES as a bash function, so the shell kit and live mode read refusals alike. */
function refusalFunction(): string {
  const lines = [
    'refusal() { # STATUS BODY -> R_CODE R_TEXT: the AMQP refusal behind an HTTP error (http-errors.ts)',
    '  local status=$1 reason re',
    '  reason=$(jq -r \'.reason // empty\' <<<"$2" 2>/dev/null) || reason=""',
    '  [ -n "$reason" ] || reason=$2',
  ]
  for (const r of HTTP_ERROR_RULES) {
    const tests: string[] = []
    if (r.status !== undefined) tests.push(`[ "$status" = ${r.status} ]`)
    if (r.reason !== undefined) tests.push(`{ re=${word(r.reason)}; [[ $reason =~ $re ]]; }`)
    let body: string
    if (r.code === 'from-reason') body = 'R_CODE=@{BASH_REMATCH[1]}; R_TEXT=$reason'
    else if (r.code === 'type')
      body =
        'if [ "@{BROKER_VERSION%%.*}" -ge 4 ] 2>/dev/null; then R_CODE=406; R_TEXT="PRECONDITION_FAILED - $reason"; else R_CODE=503; R_TEXT="COMMAND_INVALID - $reason"; fi'
    else
      body = `R_CODE=${r.code}; R_TEXT=${word(`${r.name} - `)}${r.text !== undefined ? word(r.text) : '"$reason"'}`
    lines.push(`  if ${tests.join(' && ')}; then ${body}; return; fi`)
  }
  lines.push('  R_CODE=0; R_TEXT="HTTP $status - $reason"', '}')
  return lines.join('\n').replaceAll('@{', '${')
}

export function httpKit(plan: LabPlan): string {
  const header = headerLines(plan, 'http').map((l) => `# ${l}`.trimEnd())
  const queues = queuesPerVhost(plan).flatMap((qs, v) => qs.map((q) => `${v} ${word(q)}`))
  const declared = declaredNames(plan).map(([v, kind, name]) => `${v} ${kind} ${word(name)}`)
  const waits = policyWaits(plan)
  return [
    '#!/usr/bin/env bash',
    ...header,
    '',
    'set -u -o pipefail',
    `FORMAT=${word(OBSERVATION_FORMAT)}`,
    `VERSION=${OBSERVATION_VERSION}`,
    `SCENARIO=${word(plan.fingerprint)}`,
    `VHOSTS=(${plan.vhosts.map(word).join(' ')})`,
    '# Queues to drain and names to clean up: vhost index, then name (then kind for DECLARED).',
    `QUEUES=(${queues.join(' ')})`,
    `DECLARED=(${declared.join(' ')})`,
    HTTP_RUNTIME,
    refusalFunction(),
    '',
    '# The scenario, step by step (vhost index, error id, then the step).',
    'scenario() {',
    ...(plan.steps.length ? plan.steps.map((s, i) => `  ${step(plan, s, waits.get(i) ?? [])}`) : ['  :']),
    '}',
    '',
    'main',
    '',
  ].join('\n')
}
