/**
 * Lint findings: a rule id, a severity, the entity it is about, one sentence of why and a fix hint in
 * both languages, and — where the finding is about messages — a witness message that shows it.
 */
import type { SourceLocation } from '../../broker/types'
import type { Witness } from '../class-route'

export type LintSeverity = 'error' | 'warning' | 'info'

export interface Bilingual {
  en: string
  zh: string
}

export interface LintSubject {
  kind: 'queue' | 'exchange' | 'binding' | 'policy'
  vhost: string
  name: string
  /** For a binding: its source, destination and key. */
  binding?: {
    id: string
    source: string
    destination: string
    destination_type: 'queue' | 'exchange'
    routing_key: string
  }
}

export interface LintFinding {
  rule: LintRuleId
  severity: LintSeverity
  subject: LintSubject
  message: Bilingual
  fix: Bilingual
  witness: Witness | null
  /** Where the subject was written (script line), when known. */
  loc?: SourceLocation
}

export const LINT_RULES = {
  'queue-unreachable': {
    severity: 'warning',
    title: { en: 'Queue no message can reach', zh: '没有消息能到达的队列' },
  },
  'exchange-no-way-out': {
    severity: 'warning',
    title: { en: 'Exchange with no way out', zh: '没有出路的交换机' },
  },
  'unroutable-messages': {
    severity: 'info',
    title: { en: 'Some messages reach no queue', zh: '部分消息到不了任何队列' },
  },
  'binding-never-matches': {
    severity: 'warning',
    title: { en: 'Binding nothing that arrives can match', zh: '到达的消息都匹配不上的绑定' },
  },
  'binding-redundant': { severity: 'info', title: { en: 'Redundant binding', zh: '多余的绑定' } },
  'catch-all': { severity: 'info', title: { en: 'Catch-all binding', zh: '全收绑定' } },
  'headers-any-never-matches': {
    severity: 'error',
    title: { en: 'x-match any with nothing to compare', zh: '没有可比较项的 x-match any' },
  },
  'x-header-ignored': {
    severity: 'warning',
    title: { en: 'x- header ignored by x-match', zh: '被 x-match 忽略的 x- 头' },
  },
  'direct-wildcard': {
    severity: 'warning',
    title: { en: 'Wildcard in a direct binding key', zh: 'direct 绑定键里的通配符' },
  },
  'alternate-missing': {
    severity: 'error',
    title: { en: 'Alternate exchange does not exist', zh: '备用交换机不存在' },
  },
  'alternate-cannot-route': {
    severity: 'warning',
    title: { en: 'Alternate exchange cannot route what falls to it', zh: '备用交换机路由不了落到它的消息' },
  },
  'dead-letter-exchange-missing': {
    severity: 'error',
    title: { en: 'Dead-letter exchange does not exist', zh: '死信交换机不存在' },
  },
  'dead-letter-unroutable': {
    severity: 'warning',
    title: { en: 'Dead-lettered messages are unroutable', zh: '死信消息无法路由' },
  },
  'dead-letter-cycle': { severity: 'warning', title: { en: 'Dead-letter cycle', zh: '死信循环' } },
  'messages-vanish': {
    severity: 'warning',
    title: {
      en: 'Messages vanish (TTL or drop-head without DLX)',
      zh: '消息会悄悄消失（有 TTL 或 drop-head 却没有死信交换机）',
    },
  },
  'policy-priority-tie': {
    severity: 'warning',
    title: { en: 'Policies of equal priority', zh: '优先级相同的策略' },
  },
  'policy-shadowed': {
    severity: 'warning',
    title: { en: 'Policy that never applies', zh: '从不生效的策略' },
  },
  'policy-matches-nothing': {
    severity: 'info',
    title: { en: 'Policy that matches nothing', zh: '什么都匹配不到的策略' },
  },
  'argument-overrides-policy': {
    severity: 'info',
    title: { en: 'Argument and policy set the same key', zh: '参数与策略设置了同一项' },
  },
  'refused-declaration': {
    severity: 'error',
    title: { en: 'Declaration the broker refuses', zh: '代理会拒绝的声明' },
  },
} as const satisfies Record<string, { severity: LintSeverity; title: Bilingual }>

export type LintRuleId = keyof typeof LINT_RULES
