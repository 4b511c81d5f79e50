/** Hand-made "predict the path" exercises (the generated ones come from src/practice/generator). */
import type { Scenario } from '../../src/engine'
import type { PredictExercise } from './types'

function topic(name: string, binds: [string, string][], key: string, mandatory: boolean): Scenario {
  const queues = [...new Set(binds.map(([q]) => q))]
  return {
    profile: 'rabbitmq-4',
    exchanges: [{ name, type: 'topic' }],
    queues: queues.map((q) => ({ name: q })),
    bindings: binds.map(([q, k]) => ({
      source: name,
      destination: q,
      destination_type: 'queue',
      routing_key: k,
    })),
    publishes: [{ id: 'm', exchange: name, routing_key: key, mandatory }],
  }
}

export const PREDICT: PredictExercise[] = [
  {
    id: 'predict-orders',
    title: { en: 'Order created', 'zh-CN': '订单已创建' },
    prompt: {
      en: 'Topic exchange study.orders: audit is bound with order.#, notify with order.created, billing with order.paid. A message with key order.created is published. Mark every queue that receives it.',
      'zh-CN':
        'topic 交换机 study.orders：audit 绑定 order.#，notify 绑定 order.created，billing 绑定 order.paid。发布一条键为 order.created 的消息。标出所有会收到它的队列。',
    },
    scenario: topic(
      'study.orders',
      [
        ['audit', 'order.#'],
        ['notify', 'order.created'],
        ['billing', 'order.paid'],
      ],
      'order.created',
      false,
    ),
  },
  {
    id: 'predict-dedup',
    title: { en: 'Two bindings, one queue', 'zh-CN': '两条绑定，一个队列' },
    prompt: {
      en: 'Q1 is bound with a.# and with a.*, Q2 with b.#. The key is a.x. Mark the queues that receive the message (and think about how many copies each holds).',
      'zh-CN':
        'Q1 以 a.# 和 a.* 两次绑定，Q2 绑定 b.#。路由键为 a.x。标出收到消息的队列（顺便想想每个队列有几份）。',
    },
    scenario: topic(
      'ex',
      [
        ['Q1', 'a.#'],
        ['Q1', 'a.*'],
        ['Q2', 'b.#'],
      ],
      'a.x',
      false,
    ),
  },
  {
    id: 'predict-unroutable',
    title: { en: 'One word too many', 'zh-CN': '多了一个词' },
    prompt: {
      en: 'notify is bound with order.*, billing with order.paid. The key is order.eu.created and mandatory is set. Where does the message go? Mark queues, or pick a "nowhere" outcome.',
      'zh-CN':
        'notify 绑定 order.*，billing 绑定 order.paid。路由键为 order.eu.created，并设置了 mandatory。消息去哪里？标出队列，或选择一种“哪里都没去”的结果。',
    },
    scenario: topic(
      'study.orders',
      [
        ['notify', 'order.*'],
        ['billing', 'order.paid'],
      ],
      'order.eu.created',
      true,
    ),
  },
  {
    id: 'predict-ae',
    title: { en: 'Alternate exchange', 'zh-CN': '备用交换机' },
    prompt: {
      en: 'Direct exchange shop has alternate-exchange = unrouted (a fanout bound to lost). orders is bound to shop with order.created. The key is order.cancelled, mandatory is set. Mark the receiving queues, or pick "nowhere".',
      'zh-CN':
        'direct 交换机 shop 设置了 alternate-exchange = unrouted（一个绑定了 lost 的 fanout）。orders 以 order.created 绑定到 shop。路由键为 order.cancelled，设置了 mandatory。标出收到消息的队列，或选择“哪里都没去”。',
    },
    scenario: {
      profile: 'rabbitmq-4',
      exchanges: [
        { name: 'shop', type: 'direct', arguments: { 'alternate-exchange': 'unrouted' } },
        { name: 'unrouted', type: 'fanout' },
      ],
      queues: [{ name: 'orders' }, { name: 'lost' }],
      bindings: [
        { source: 'shop', destination: 'orders', destination_type: 'queue', routing_key: 'order.created' },
        { source: 'unrouted', destination: 'lost', destination_type: 'queue', routing_key: '' },
      ],
      publishes: [{ id: 'm', exchange: 'shop', routing_key: 'order.cancelled', mandatory: true }],
    },
  },
  {
    id: 'predict-headers',
    title: { en: 'Headers: all or any', 'zh-CN': '头部匹配：all 还是 any' },
    prompt: {
      en: 'Headers exchange by-headers: eu-all is bound with x-match=all, region=eu, type=paid; eu-any with x-match=any, region=eu, type=paid. The message has headers region=eu, type=created. Mark the receiving queues.',
      'zh-CN':
        'headers 交换机 by-headers：eu-all 以 x-match=all、region=eu、type=paid 绑定；eu-any 以 x-match=any、region=eu、type=paid 绑定。消息头为 region=eu、type=created。标出收到消息的队列。',
    },
    scenario: {
      profile: 'rabbitmq-4',
      exchanges: [{ name: 'by-headers', type: 'headers' }],
      queues: [{ name: 'eu-all' }, { name: 'eu-any' }],
      bindings: [
        {
          source: 'by-headers',
          destination: 'eu-all',
          destination_type: 'queue',
          routing_key: '',
          arguments: { 'x-match': 'all', region: 'eu', type: 'paid' },
        },
        {
          source: 'by-headers',
          destination: 'eu-any',
          destination_type: 'queue',
          routing_key: '',
          arguments: { 'x-match': 'any', region: 'eu', type: 'paid' },
        },
      ],
      publishes: [
        {
          id: 'm',
          exchange: 'by-headers',
          routing_key: '',
          headers: { region: 'eu', type: 'created' },
          mandatory: false,
        },
      ],
    },
  },
]
