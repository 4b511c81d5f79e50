/** Rules read off one binding or one exchange, without routing anything. */

import type { Vhost } from '../../broker/model'
import { xMatchOf } from '../../headers/headers-match'
import { splitWords } from '../../topic/topic-words'
import { alternateOf } from '../analysis-broker'
import { bindingSubject, bindingText, finding, type Locate } from './finding'
import type { LintFinding } from './lint-types'

export function bindingRules(vhost: Vhost, locate: Locate): LintFinding[] {
  const out: LintFinding[] = []
  const v = vhost.name
  for (const x of [...vhost.exchanges.values()].sort((a, b) => a.seq - b.seq)) {
    if (x.type === 'fanout' && x.outgoing.size > 0 && !x.builtin)
      out.push(
        finding(
          'catch-all',
          { kind: 'exchange', vhost: v, name: x.name },
          {
            en: `fanout exchange ${x.name} copies every message it receives to each of its ${x.outgoing.size} destination(s), whatever the key`,
            zh: `fanout 交换机 ${x.name} 把收到的每条消息复制给它的 ${x.outgoing.size} 个目标，不看路由键`,
          },
          {
            en: 'this is by design; use a topic or direct exchange if some destinations should get only some messages',
            zh: '这是 fanout 的本意；若某些目标只该收到部分消息，请改用 topic 或 direct 交换机',
          },
          null,
          locate,
        ),
      )
    if (!x.builtin && x.name !== '' && x.outgoing.size === 0 && !alternateOf(vhost, x.name))
      out.push(
        finding(
          'exchange-no-way-out',
          { kind: 'exchange', vhost: v, name: x.name },
          {
            en: `exchange ${x.name} has no bindings and no alternate exchange: every message published to it is dropped (or returned with mandatory)`,
            zh: `交换机 ${x.name} 没有绑定，也没有备用交换机：发到它的每条消息都会被丢弃（mandatory 时退回）`,
          },
          {
            en: `bind a queue to ${x.name}, or give it an alternate-exchange`,
            zh: `给 ${x.name} 绑定一个队列，或设置 alternate-exchange`,
          },
          { exchange: x.name, routing_key: '', headers: {} },
          locate,
        ),
      )
    for (const b of x.outgoing) {
      const text = bindingText(b)
      const subject = bindingSubject(v, b)
      if (x.type === 'direct' && splitWords(b.routing_key).some((w) => w === '*' || w === '#'))
        out.push(
          finding(
            'direct-wildcard',
            subject,
            {
              en: `${text.en}: a direct exchange compares whole keys, so * and # here are literal characters, not wildcards`,
              zh: `${text.zh}：direct 交换机比较整个键，这里的 * 和 # 只是普通字符，不是通配符`,
            },
            {
              en: `declare ${x.name} as a topic exchange if you meant a pattern`,
              zh: `若想用模式匹配，请把 ${x.name} 声明为 topic 交换机`,
            },
            null,
            locate,
          ),
        )
      if (x.type === 'topic' && splitWords(b.routing_key).every((w) => w === '#'))
        out.push(
          finding(
            'catch-all',
            subject,
            {
              en: `${text.en} matches every routing key, so ${b.destination} receives everything published to ${x.name}`,
              zh: `${text.zh} 匹配所有路由键，${b.destination} 会收到发到 ${x.name} 的全部消息`,
            },
            {
              en: 'narrow the pattern (e.g. order.#) unless this destination is meant to see everything (an audit log)',
              zh: '收窄模式（如 order.#），除非这个目标本来就该收到全部消息（例如审计日志）',
            },
            null,
            locate,
          ),
        )
      if (x.type !== 'headers') continue
      const mode = xMatchOf(b.arguments)
      const withX = mode.endsWith('-with-x')
      const keys = Object.keys(b.arguments).filter((k) => k !== 'x-match')
      const considered = keys.filter((k) => withX || !k.startsWith('x-'))
      const ignored = keys.filter((k) => !withX && k.startsWith('x-'))
      if (ignored.length > 0)
        out.push(
          finding(
            'x-header-ignored',
            subject,
            {
              en: `${text.en}: under x-match ${mode} the broker skips header keys starting with x- (${ignored.join(', ')})`,
              zh: `${text.zh}：在 x-match ${mode} 下代理会跳过以 x- 开头的头（${ignored.join('、')}）`,
            },
            {
              en: `use x-match ${mode}-with-x to compare them, or rename the headers`,
              zh: `改用 x-match ${mode}-with-x 才会比较它们，或给头改名`,
            },
            null,
            locate,
          ),
        )
      if (considered.length === 0 && mode.startsWith('any'))
        out.push(
          finding(
            'headers-any-never-matches',
            subject,
            {
              en: `${text.en}: x-match ${mode} needs one header to match, but the binding compares none, so it never matches`,
              zh: `${text.zh}：x-match ${mode} 要求至少一个头相等，但这个绑定没有可比较的头，所以永远匹配不上`,
            },
            {
              en: 'add the header keys to compare to the binding arguments',
              zh: '在绑定参数里写上要比较的头',
            },
            null,
            locate,
          ),
        )
      if (considered.length === 0 && mode.startsWith('all'))
        out.push(
          finding(
            'catch-all',
            subject,
            {
              en: `${text.en}: x-match ${mode} with nothing to compare matches every message`,
              zh: `${text.zh}：x-match ${mode} 没有可比较的头，因此匹配所有消息`,
            },
            {
              en: 'add the header keys to compare, or bind a fanout exchange if everything is meant',
              zh: '写上要比较的头；若本意是全收，请用 fanout 交换机',
            },
            null,
            locate,
          ),
        )
    }
  }
  return out
}
