/**
 * The study note's three "explain" and three scenario questions, plus concept checks, rewritten in
 * our own words. Each states what is asked before the learner answers; the reasoning is revealed after.
 */
import type { Question } from './types'

export const QUESTIONS: Question[] = [
  {
    id: 'q-explain-1',
    kind: 'explain',
    type: 'choice',
    title: {
      en: 'Does an accepted publish always leave a message to consume?',
      'zh-CN': '交换机收下发布，就一定有消息可消费吗？',
    },
    prompt: {
      en: 'A producer publishes to an existing exchange and the client call returns without error. Pick the one statement that is true.',
      'zh-CN': '生产者向一个已存在的交换机发布，客户端调用也没有报错。请选出唯一正确的说法。',
    },
    options: [
      {
        id: 'a',
        text: {
          en: 'Yes: the exchange keeps the message until some queue is bound.',
          'zh-CN': '一定有：交换机会先存着，等有队列绑定再交出去。',
        },
      },
      {
        id: 'b',
        text: {
          en: 'No: if no binding matches, the message is unroutable (returned with mandatory, otherwise dropped); even a routed message says nothing about processing.',
          'zh-CN':
            '不一定：没有绑定匹配时消息不可路由（带 mandatory 会被退回，否则被丢弃）；就算进了队列，也不代表已被处理。',
        },
      },
      {
        id: 'c',
        text: { en: 'Yes, because the call did not throw.', 'zh-CN': '一定有，因为调用没有抛异常。' },
      },
      {
        id: 'd',
        text: { en: 'Only fanout exchanges can lose a message.', 'zh-CN': '只有 fanout 交换机会丢消息。' },
      },
    ],
    correct: 'b',
    reasoning: {
      en: 'An exchange stores nothing: it only computes a set of queues. An empty set means "unroutable"; mandatory turns that into basic.return 312, otherwise the broker drops it silently. Queue limits or storage faults can also intervene, and delivery to a queue is not the same as a consumer finishing its work.',
      'zh-CN':
        '交换机本身不存消息，它只算出一组目标队列。集合为空就是“不可路由”：设置了 mandatory 会收到 basic.return 312，否则 Broker 直接丢弃。队列上限、存储故障也可能改变结果；而且进入队列不等于消费者已完成业务。',
    },
  },
  {
    id: 'q-explain-2',
    kind: 'explain',
    type: 'choice',
    title: { en: 'Why does order.# match the key order?', 'zh-CN': '为什么 order.# 能匹配 order？' },
    prompt: {
      en: 'The binding pattern is order.# and the routing key is order (one word). Which explanation is right?',
      'zh-CN': '绑定模式是 order.#，路由键是 order（只有一个词）。哪种解释是对的？',
    },
    options: [
      {
        id: 'a',
        text: {
          en: '# may take zero words: once order matches order, # takes nothing and the match ends.',
          'zh-CN': '# 可以一个词都不占：order 对上 order 之后，# 取零个词，匹配就结束了。',
        },
      },
      {
        id: 'b',
        text: {
          en: 'The broker silently appends ".#" to every key.',
          'zh-CN': 'Broker 会悄悄给每个键补上“.#”。',
        },
      },
      {
        id: 'c',
        text: {
          en: '# takes exactly one word, and order is counted twice.',
          'zh-CN': '# 恰好占一个词，order 被算了两次。',
        },
      },
      {
        id: 'd',
        text: { en: 'It does not match; only order.x would.', 'zh-CN': '其实不匹配，只有 order.x 才行。' },
      },
    ],
    correct: 'a',
    reasoning: {
      en: 'In the DP table, the row for order reaches dp[1][1] = true. The # row may copy the cell above (zero words), so dp[2][1] = true and the whole key is matched. A * in the same place would need one more word and fail.',
      'zh-CN':
        '在 DP 表里，order 这一行得到 dp[1][1] = 真。# 那一行可以直接继承上方格子（取零个词），于是 dp[2][1] = 真，整条键匹配完成。若换成 *，此处还缺一个词，匹配失败。',
    },
  },
  {
    id: 'q-explain-3',
    kind: 'explain',
    type: 'choice',
    title: { en: 'Two bindings, one queue: how many copies?', 'zh-CN': '两条绑定命中同一队列，收几份？' },
    prompt: {
      en: 'Queue audit is bound twice to one topic exchange, with order.# and order.*. A message with key order.paid is published once. How many copies land in audit?',
      'zh-CN':
        '队列 audit 以 order.# 和 order.* 两次绑定到同一个 topic 交换机。发布一次键为 order.paid 的消息，audit 里会有几份？',
    },
    options: [
      { id: 'a', text: { en: 'Two, one per matching binding.', 'zh-CN': '两份，每条命中的绑定一份。' } },
      {
        id: 'b',
        text: {
          en: 'One: routing produces a set of queues, not a count of bindings.',
          'zh-CN': '一份：路由得到的是队列集合，而不是命中的绑定条数。',
        },
      },
      {
        id: 'c',
        text: { en: 'It depends on which binding was declared first.', 'zh-CN': '取决于哪条绑定先声明。' },
      },
      { id: 'd', text: { en: 'Two, unless mandatory is set.', 'zh-CN': '两份，除非设置了 mandatory。' } },
    ],
    correct: 'b',
    reasoning: {
      en: 'The exchange collects destinations into a set, so audit appears once. If two business functions each need the event, give each its own queue; duplicates that do occur come from redelivery and are handled by idempotent consumers.',
      'zh-CN':
        '交换机把目标收集成一个集合，audit 只出现一次。若两个业务职责都要这条事件，应各建一个队列；真正出现的重复来自重投递等环节，由消费端幂等处理。',
    },
  },
  {
    id: 'q-scenario-1',
    kind: 'scenario',
    type: 'order',
    title: {
      en: 'Publish succeeded, notify queue is empty: in what order do you look?',
      'zh-CN': '发布成功但通知队列是空的：按什么顺序排查？',
    },
    prompt: {
      en: 'The publish call did not throw, yet the notification queue shows no messages. Put the four checks in the order you would run them, from the cheapest static check to the business evidence.',
      'zh-CN':
        '发布调用没有抛异常，通知队列却看不到消息。请把下面四项检查排成你会执行的顺序：从最便宜的静态核对，到业务层证据。',
    },
    items: [
      {
        id: 'topology',
        text: {
          en: 'Confirm the vhost, the exchange name and the bindings (keys, spelling).',
          'zh-CN': '核对 vhost、交换机名和绑定（键与拼写）。',
        },
      },
      {
        id: 'unroutable',
        text: {
          en: 'Look for unroutable counts and basic.return (mandatory).',
          'zh-CN': '查看不可路由计数和 basic.return（mandatory）。',
        },
      },
      {
        id: 'consumer',
        text: {
          en: 'Check whether a consumer already took the message (deliver/ack rates).',
          'zh-CN': '看是否已有消费者把消息取走（投递与确认速率）。',
        },
      },
      {
        id: 'event',
        text: {
          en: 'Trace the eventId through to the business result.',
          'zh-CN': '按 eventId 追到业务处理结果。',
        },
      },
    ],
    start: ['event', 'consumer', 'topology', 'unroutable'],
    reasoning: {
      en: 'An empty queue has two opposite explanations: the message never entered it, or it entered and was consumed at once. Rule out "never entered" first (topology, then the unroutable signal), then "already consumed", and only then follow the event id into the business outcome.',
      'zh-CN':
        '空队列有两种相反的解释：消息根本没进来，或者进来后立刻被取走。先排除“没进来”（先拓扑，再看不可路由信号），再排除“已被消费”，最后才按事件 ID 追到业务结果。',
    },
  },
  {
    id: 'q-scenario-2',
    kind: 'scenario',
    type: 'choice',
    title: { en: 'Audit and notify steal each other’s messages', 'zh-CN': '审计和通知在互相抢消息' },
    prompt: {
      en: 'The audit service and the notification service both consume from one queue, and each sees only part of the events. Which change fixes it?',
      'zh-CN': '审计服务和通知服务都从同一个队列消费，结果各自只看到一部分事件。哪种改法能解决？',
    },
    options: [
      {
        id: 'a',
        text: {
          en: 'Give each service its own queue bound to the same events, then deal with the existing backlog.',
          'zh-CN': '给每个服务各建一个队列，绑定同样的事件，再单独处理已有积压。',
        },
      },
      {
        id: 'b',
        text: {
          en: 'Rename the consumer tags so the broker sees two groups.',
          'zh-CN': '改一下消费者标签，让 Broker 认为是两个组。',
        },
      },
      {
        id: 'c',
        text: { en: 'Add more consumers to the shared queue.', 'zh-CN': '给这个共享队列加更多消费者。' },
      },
      {
        id: 'd',
        text: {
          en: 'Switch the exchange to fanout but keep the single queue.',
          'zh-CN': '把交换机改成 fanout，但仍只用一个队列。',
        },
      },
    ],
    correct: 'a',
    reasoning: {
      en: 'Consumers of one queue compete: each message goes to one of them. Independent responsibilities need independent queues, each getting its own copy. Messages already waiting in the old queue are not copied retroactively, so the backlog needs its own plan.',
      'zh-CN':
        '同一队列上的消费者是竞争关系，每条消息只给其中一个。独立的职责需要独立的队列，各拿一份。旧队列里已有的消息不会被回溯复制，积压要另行处理。',
    },
  },
  {
    id: 'q-scenario-3',
    kind: 'scenario',
    type: 'choice',
    title: { en: 'A new binding and yesterday’s messages', 'zh-CN': '新绑定与昨天的消息' },
    prompt: {
      en: 'A queue was bound to the exchange today. Why does it hold none of yesterday’s events, and what do you do if you need them?',
      'zh-CN': '某个队列今天才绑定到交换机。为什么它收不到昨天的事件？如果确实需要，该怎么办？',
    },
    options: [
      {
        id: 'a',
        text: {
          en: 'Exchanges keep no history; a binding affects only later publishes. Replay from an event archive or replayable log, idempotent by eventId and rate-limited.',
          'zh-CN':
            '交换机不保留历史，绑定只影响之后的发布。应从事件档案或可重放日志补发，按 eventId 幂等并限制速率。',
        },
      },
      {
        id: 'b',
        text: {
          en: 'The binding is broken; delete and recreate it to receive the backlog.',
          'zh-CN': '绑定坏了，删掉重建就能收到积压。',
        },
      },
      {
        id: 'c',
        text: {
          en: 'Restart the broker so the exchange re-sends its buffer.',
          'zh-CN': '重启 Broker，让交换机把缓冲重发一遍。',
        },
      },
      {
        id: 'd',
        text: {
          en: 'Publish with mandatory so old messages are delivered again.',
          'zh-CN': '用 mandatory 发布，旧消息就会再投递一次。',
        },
      },
    ],
    correct: 'a',
    reasoning: {
      en: 'Routing happens at publish time against the bindings that exist then. Nothing upstream remembers old messages, so recovery must come from your own record of events, designed so that replays are safe.',
      'zh-CN':
        '路由发生在发布那一刻，只看当时存在的绑定。上游没有谁记得旧消息，补偿只能来自你自己保存的事件记录，并且要设计成可安全重放。',
    },
  },
  {
    id: 'q-concept-star',
    kind: 'concept',
    type: 'choice',
    title: { en: 'What does order.* match?', 'zh-CN': 'order.* 能匹配哪个键？' },
    prompt: {
      en: 'A queue is bound with the topic pattern order.*. Exactly one of these routing keys reaches it. Which one?',
      'zh-CN': '某队列用 topic 模式 order.* 绑定。下面只有一个路由键能到达它，是哪个？',
    },
    options: [
      { id: 'order.eu.created', text: { en: 'order.eu.created', 'zh-CN': 'order.eu.created' } },
      { id: 'order', text: { en: 'order', 'zh-CN': 'order' } },
      { id: 'order.created', text: { en: 'order.created', 'zh-CN': 'order.created' } },
      { id: 'created.order', text: { en: 'created.order', 'zh-CN': 'created.order' } },
    ],
    topicPattern: 'order.*',
    reasoning: {
      en: '* takes exactly one word. order.created has one word after order; order has none and order.eu.created has two.',
      'zh-CN':
        '* 恰好占一个词。order.created 在 order 后面正好一个词；order 后面没有词，order.eu.created 后面有两个。',
    },
  },
  {
    id: 'q-concept-default',
    kind: 'concept',
    type: 'choice',
    title: { en: 'The default exchange', 'zh-CN': '默认交换机' },
    prompt: {
      en: 'A client publishes to the exchange named "" (empty) with routing key audit. What happens?',
      'zh-CN': '客户端向名为 ""（空字符串）的交换机发布，路由键为 audit。会发生什么？',
    },
    options: [
      {
        id: 'a',
        text: { en: 'Every queue receives it: "" is a fanout.', 'zh-CN': '所有队列都会收到：""是 fanout。' },
      },
      {
        id: 'b',
        text: {
          en: 'It goes to the queue named audit, if it exists: "" is a pre-declared direct exchange matching queue names.',
          'zh-CN': '若存在名为 audit 的队列就进入它：""是预先存在、按队列名匹配的 direct 交换机。',
        },
      },
      {
        id: 'c',
        text: {
          en: 'The channel is closed because no exchange was named.',
          'zh-CN': '因为没写交换机名，通道会被关闭。',
        },
      },
    ],
    correct: 'b',
    reasoning: {
      en: 'It feels like "sending to a queue", but on the wire it is still a publish to an exchange: the default one, where every queue is implicitly bound by its own name.',
      'zh-CN':
        '感觉像“直接发给队列”，协议上仍是向交换机发布——向默认交换机，每个队列都以自己的名字隐式绑定在它上面。',
    },
  },
  {
    id: 'q-concept-missing',
    kind: 'concept',
    type: 'choice',
    title: { en: 'Missing exchange vs. no match', 'zh-CN': '交换机不存在 vs. 没有匹配' },
    prompt: {
      en: 'Compare publishing to an exchange that does not exist with publishing to an existing exchange that has no matching binding. Which is right?',
      'zh-CN': '比较两种情况：向不存在的交换机发布；向存在但没有匹配绑定的交换机发布。哪种说法对？',
    },
    options: [
      { id: 'a', text: { en: 'Both are silently dropped.', 'zh-CN': '两种都会被静默丢弃。' } },
      {
        id: 'b',
        text: {
          en: 'The first is a channel error (404 NOT_FOUND); the second is unroutable (return 312 with mandatory, else dropped).',
          'zh-CN': '前者是通道错误（404 NOT_FOUND）；后者是不可路由（mandatory 时退回 312，否则丢弃）。',
        },
      },
      { id: 'c', text: { en: 'Both give basic.return 312.', 'zh-CN': '两种都会收到 basic.return 312。' } },
    ],
    correct: 'b',
    reasoning: {
      en: 'A wrong target is an error in the command itself and closes the channel. A valid target with no matching queue is a routing result, observed through mandatory and the return callback.',
      'zh-CN':
        '目标错误是命令本身有错，会关闭通道；目标正确但没有匹配队列，是路由结果，要靠 mandatory 和 return 回调来观察。',
    },
  },
  {
    id: 'q-concept-competing',
    kind: 'concept',
    type: 'choice',
    title: { en: 'Two consumers on one queue', 'zh-CN': '一个队列上的两个消费者' },
    prompt: {
      en: 'Two instances of the notification service consume from the same queue. A message arrives in that queue. Who gets it?',
      'zh-CN': '通知服务的两个实例从同一个队列消费。队列里来了一条消息，谁会拿到？',
    },
    options: [
      { id: 'a', text: { en: 'Both instances, one copy each.', 'zh-CN': '两个实例各拿一份。' } },
      {
        id: 'b',
        text: {
          en: 'One of them: consumers of one queue share the work.',
          'zh-CN': '其中一个：同一队列的消费者分担任务。',
        },
      },
      {
        id: 'c',
        text: { en: 'Neither until a second binding is added.', 'zh-CN': '都拿不到，除非再加一条绑定。' },
      },
    ],
    correct: 'b',
    reasoning: {
      en: 'Scaling one responsibility means more consumers on its queue; each message is handed to one of them. Separate responsibilities get separate queues.',
      'zh-CN': '扩容同一职责就是给它的队列加消费者，每条消息只交给其中一个；不同职责才各用各的队列。',
    },
  },
]
