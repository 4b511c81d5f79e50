/** Building findings: the catalogue's severity, the subject's written location. */
import type { BindingRecord } from '../../broker/model'
import type { SourceLocation } from '../../broker/types'
import type { Witness } from '../class-route'
import { type Bilingual, LINT_RULES, type LintFinding, type LintRuleId, type LintSubject } from './lint-types'

export type Locate = (subject: LintSubject) => SourceLocation | undefined

export function finding(
  rule: LintRuleId,
  subject: LintSubject,
  message: Bilingual,
  fix: Bilingual,
  witness: Witness | null,
  locate: Locate,
): LintFinding {
  const loc = locate(subject)
  return {
    rule,
    severity: LINT_RULES[rule].severity,
    subject,
    message,
    fix,
    witness,
    ...(loc ? { loc } : {}),
  }
}

export function bindingSubject(vhost: string, b: BindingRecord): LintSubject {
  return {
    kind: 'binding',
    vhost,
    name: `${b.source} → ${b.destination}`,
    binding: {
      id: b.id,
      source: b.source,
      destination: b.destination,
      destination_type: b.destination_type,
      routing_key: b.routing_key,
    },
  }
}

/** How a binding reads in a sentence. */
export function bindingText(b: BindingRecord): Bilingual {
  const key = JSON.stringify(b.routing_key)
  return {
    en: `binding ${b.source} → ${b.destination} (key ${key})`,
    zh: `绑定 ${b.source} → ${b.destination}（键 ${key}）`,
  }
}
