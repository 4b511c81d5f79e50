/**
 * The timeline's words for a quorum queue's returns: each names the version whose rule decided it
 * (counted or not, the limit and where it comes from, where the message waits), in both languages.
 */
import { describe, expect, it } from 'vitest'
import { runTimeline, type Scenario, type SimOp } from '../../src/engine'
import { eventText } from '../../src/explain/sim-views/event-text'
import { type TimelineKey, timelineMessages } from '../../src/explain/sim-views/timeline-messages'
import type { Lang } from '../../src/i18n/language'
import { type Params, translate } from '../../src/i18n/messages'

/** One message nacked or rejected `times` times by one consumer of a quorum queue. */
function returns(profile: Scenario['profile'], how: 'nack' | 'reject', times: number, limit?: number) {
  const steps: SimOp[] = [
    { op: 'connection.open', connection: 'c' },
    { op: 'channel.open', channel: 'a', connection: 'c' },
    {
      op: 'queue.declare',
      queue: {
        name: 'q',
        arguments: {
          'x-queue-type': 'quorum',
          ...(limit === undefined ? {} : { 'x-delivery-limit': limit }),
        },
      },
      channel: 'a',
    },
    { op: 'publish', publish: { id: 'm1', exchange: '', routing_key: 'q' }, channel: 'a' },
    { op: 'consume', queue: 'q', consumer: 'A', channel: 'a', prefetch: 1 },
  ]
  for (let i = 0; i < times; i++) steps.push({ op: how, message: 'm1', channel: 'a', requeue: true })
  return runTimeline({ profile, steps }).frames.slice(5)
}

let lang: Lang = 'en'
const t = (key: TimelineKey, params?: Params) => translate(timelineMessages, lang, key, params)
const text = (events: ReturnType<typeof returns>[number]['events']) =>
  events.map((e) => eventText(e, t)).join('\n')

describe('quorum returns in the timeline, per version', () => {
  it('says in English which version counted the return, the limit and its source, and the place', () => {
    lang = 'en'
    expect(text(returns('rabbitmq-3.10', 'nack', 1)[0]?.events ?? [])).toContain(
      'return 1 is counted, but there is no delivery limit (RabbitMQ 3.10 sets none by default); it waits at the back of the queue',
    )
    expect(text(returns('rabbitmq-4.0', 'reject', 1)[0]?.events ?? [])).toContain(
      'return 1 counts toward the delivery limit of 20 (RabbitMQ 4.0–4.2’s default); it waits at the front',
    )
    expect(text(returns('rabbitmq-4', 'nack', 1)[0]?.events ?? [])).toContain(
      'not counted — RabbitMQ 4.3 counts only basic.reject and a closed channel',
    )
    const over = returns('rabbitmq-3.10', 'reject', 2, 1)[1]?.events ?? []
    expect(text(over)).toContain(
      'return 2 is over the delivery limit of 1 (set on the queue), so it leaves with reason delivery_limit',
    )
  })

  it('says the same in Chinese, naming the version', () => {
    lang = 'zh-CN'
    expect(text(returns('rabbitmq-4.0', 'nack', 1)[0]?.events ?? [])).toContain(
      '这是第 1 次计入投递上限的退回，上限为 20（RabbitMQ 4.0–4.2 的默认值）',
    )
    expect(text(returns('rabbitmq-4', 'nack', 1)[0]?.events ?? [])).toContain(
      '不计数：RabbitMQ 4.3 只计 basic.reject 和通道关闭',
    )
  })
})
