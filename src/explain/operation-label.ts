/**
 * A scenario's operation, named for people: its id (`binding:2`, 0-based in the scenario's list,
 * `queue:NAME` …) stays in the data attributes; the text says "binding 3" / "第 3 个绑定".
 */
import type { Params } from '../i18n/messages'

type LabelKey = 'errorOf' | 'errorOfBinding' | 'errorOfExchange' | 'errorOfQueue' | 'errorOfPolicy'
const NAMED = { exchange: 'errorOfExchange', queue: 'errorOfQueue', policy: 'errorOfPolicy' } as const

export function operationLabel(id: string, t: (key: LabelKey, params: Params) => string): string {
  const binding = /^binding:(\d+)$/.exec(id)
  if (binding) return t('errorOfBinding', { n: Number(binding[1]) + 1 })
  const named = /^(exchange|queue|policy):(.*)$/s.exec(id)
  if (named) return t(NAMED[named[1] as keyof typeof NAMED], { name: named[2] ?? '' })
  return t('errorOf', { id })
}
