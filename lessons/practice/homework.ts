/** The study note's ten homework tasks, restated in our own words, with the playground scenario where one helps. */
import type { HomeworkTask, L10n } from './types'

const K = {
  concept: { en: 'Concept questions', 'zh-CN': '原理问答' },
  trace: { en: 'Trace by hand', 'zh-CN': '手工推演' },
  code: { en: 'Programming', 'zh-CN': '编程实践' },
  lab: { en: 'Debugging lab', 'zh-CN': '排错实验' },
  review: { en: 'Design review', 'zh-CN': '设计评审' },
  stretch: { en: 'Stretch: change the conditions', 'zh-CN': '思维拓展：条件变化' },
} satisfies Record<string, L10n>

export const HOMEWORK: HomeworkTask[] = [
  {
    id: 'hw-01',
    number: 1,
    kind: K.concept,
    level: 'basic',
    needsBroker: false,
    scenarioFile: 'scenarios/homework-01.json',
    title: { en: 'Who knows what on the producer side', 'zh-CN': '生产端该知道什么' },
    task: {
      en: 'Payment and cancellation events of orders are published to one exchange. Describe how the connection, the address a message is published to (exchange + routing key) and the business event type relate, and mark which settings the producer must know and which it must not.',
      'zh-CN':
        '订单的支付事件和取消事件都发往同一个交换机。说明连接、发布地址（交换机 + 路由键）与业务事件类型之间的关系，并标出哪些配置生产端必须知道、哪些不该知道。',
    },
    deliverable: {
      en: 'A component diagram and a table of responsibilities.',
      'zh-CN': '一张组件图和一张职责表。',
    },
    doneWhen: [
      {
        en: 'The roles of producer and exchange are stated separately.',
        'zh-CN': '分别写清生产者与交换机的职责。',
      },
      {
        en: 'The exchange name is never used as if it were a queue to consume from.',
        'zh-CN': '没有把交换机名当作可消费的队列名。',
      },
    ],
  },
  {
    id: 'hw-02',
    number: 2,
    kind: K.trace,
    level: 'basic',
    needsBroker: false,
    scenarioFile: 'scenarios/homework-02.json',
    title: { en: 'Mail, points and audit', 'zh-CN': '邮件、积分与审计' },
    task: {
      en: 'Declare one queue each for mail, loyalty points and audit; points must only receive payments. By hand, list how adding one binding and removing one binding changes where later messages go.',
      'zh-CN':
        '为邮件、积分、审计各声明一个队列，其中积分只接收支付事件。手工列出：新增一条绑定、删除一条绑定之后，后续消息的去向分别怎样变化。',
    },
    deliverable: {
      en: 'A topology diagram and an event-to-queues table.',
      'zh-CN': '拓扑图和“事件 → 队列”路由表。',
    },
    doneWhen: [
      { en: 'Queue identity and binding rule are kept apart.', 'zh-CN': '区分队列本身与绑定规则。' },
      { en: 'The case where no queue matches is covered.', 'zh-CN': '覆盖没有任何队列匹配的情形。' },
    ],
  },
  {
    id: 'hw-03',
    number: 3,
    kind: K.trace,
    level: 'basic',
    needsBroker: false,
    scenarioFile: 'scenarios/homework-03.json',
    title: { en: 'Three-word inventory keys', 'zh-CN': '三段式库存路由键' },
    task: {
      en: 'Design three-word routing keys for inventory events. Choose topic or fanout for a regional subscriber and for an audit that wants everything. Check your choice of *, # and empty words against counter-examples you invent.',
      'zh-CN':
        '给库存事件设计由三个词组成的路由键。只关心某个地区的订阅方、想要全部事件的审计方，各自该用 topic 还是 fanout？再自己举几个反例，检验 *、# 和空段的约定。',
    },
    deliverable: {
      en: 'A match matrix (keys × bindings) and a short rationale.',
      'zh-CN': '一张匹配矩阵（键 × 绑定）和选型说明。',
    },
    doneWhen: [
      { en: 'At least six event keys.', 'zh-CN': '至少六种事件键。' },
      {
        en: 'Each requirement is checked against the actual topology.',
        'zh-CN': '逐条核对需求是否被实际拓扑覆盖。',
      },
    ],
  },
  {
    id: 'hw-04',
    number: 4,
    kind: K.trace,
    level: 'basic',
    needsBroker: true,
    scenarioFile: null,
    timeline: 'hw04-same-queue-two-clients',
    title: { en: 'Same queue name, different arguments', 'zh-CN': '同名队列，不同参数' },
    task: {
      en: 'Two short-lived clients declare a queue with the same name but different properties, then one disconnects. Predict the result of each declaration and how long the queue lives, then check on a real broker.',
      'zh-CN':
        '有两个短暂存在的客户端，一前一后声明了名字相同、参数却不一样的队列，之后其中一个客户端断开了连接。先预测每次声明的结果和队列的寿命，再到真实 Broker 上核对。',
    },
    deliverable: { en: 'The declare calls and a prediction table.', 'zh-CN': '声明调用记录和预测表。' },
    doneWhen: [
      { en: 'Queue type and properties are written down.', 'zh-CN': '写明队列类型和属性。' },
      {
        en: 'A client leaving and a queue being deleted are told apart.',
        'zh-CN': '区分“连接退出”和“队列删除”。',
      },
    ],
  },
  {
    id: 'hw-05',
    number: 5,
    kind: K.code,
    level: 'applied',
    needsBroker: false,
    scenarioFile: 'scenarios/homework-05.json',
    title: { en: 'A direct-routing simulator', 'zh-CN': '自己写一个 direct 路由模拟' },
    task: {
      en: 'Write a small direct-routing simulator (any language): given bindings and a routing key it prints the distinct target queues and a log of each comparison. Feed it data with upper/lower case, the empty key and duplicate bindings; compare with the playground scenario.',
      'zh-CN':
        '用任意语言实现一个小程序来模拟 direct 路由：输入绑定和路由键，输出去重后的目标队列，以及每次比较的记录。用含大小写差异、空键和重复绑定的数据测试，并与练习场里的场景对照。',
    },
    deliverable: { en: 'The program, its input and a run log.', 'zh-CN': '程序、输入数据和运行记录。' },
    doneWhen: [
      {
        en: 'The string comparison rule is stated (byte-exact).',
        'zh-CN': '写明字符串比较规则（逐字节精确）。',
      },
      { en: 'Deduplication and invalid configuration are tested.', 'zh-CN': '验证去重与非法配置的处理。' },
    ],
  },
  {
    id: 'hw-06',
    number: 6,
    kind: K.lab,
    level: 'applied',
    needsBroker: true,
    scenarioFile: 'scenarios/homework-06.json',
    title: { en: 'Three exchange types on a real broker', 'zh-CN': '在真实 Broker 上试三种交换机' },
    task: {
      en: 'On a local RabbitMQ, create a direct, a fanout and a topic exchange, publish events with unique ids one by one and inspect every queue. Introduce one misspelled binding and record how you found it. Model it in the playground first, then compare.',
      'zh-CN':
        '在本地 RabbitMQ 上建立 direct、fanout、topic 三种交换机，一条一条地发布事件（每条都有自己的唯一编号），然后逐个队列查看收到了什么。故意写错一条绑定，记录你的定位步骤。可先在练习场建模，再与真实结果对照。',
    },
    deliverable: {
      en: 'The declaration script, the event list and your observations.',
      'zh-CN': '声明脚本、事件清单和观测记录。',
    },
    doneWhen: [
      { en: 'Lab resources have their own names.', 'zh-CN': '实验资源独立命名。' },
      {
        en: 'Simulated results and broker observations are kept apart.',
        'zh-CN': '区分模拟结果与真实 Broker 的观察。',
      },
    ],
  },
  {
    id: 'hw-07',
    number: 7,
    kind: K.review,
    level: 'applied',
    needsBroker: false,
    scenarioFile: null,
    timeline: 'hw07-bound-after-promotion',
    title: { en: 'A queue bound after the promotion started', 'zh-CN': '促销开始后才绑定的队列' },
    task: {
      en: 'A new notification queue was bound only after a promotion began, yet the business wants every notification since the start. Review what the topology can and cannot tell you, and where the missing history must come from.',
      'zh-CN':
        '新的通知队列在促销开始后才绑定，业务却要求补查促销开始以来的全部通知。评审拓扑本身能提供什么、不能提供什么，缺失的历史该从哪里来。',
    },
    deliverable: { en: 'The back-fill requirement and its data sources.', 'zh-CN': '补查需求及数据来源。' },
    doneWhen: [
      {
        en: 'Message retention and the moment a binding takes effect are kept apart.',
        'zh-CN': '区分消息保留与绑定生效范围。',
      },
      { en: 'It is clear who owns the historical evidence.', 'zh-CN': '说明历史证据由谁负责。' },
    ],
  },
  {
    id: 'hw-08',
    number: 8,
    kind: K.lab,
    level: 'applied',
    needsBroker: true,
    scenarioFile: null,
    timeline: 'hw08-bind-unbind-rebind',
    title: {
      en: 'Declare, bind, unbind, rebind — event by event',
      'zh-CN': '声明、绑定、解绑、重绑：逐事件记录',
    },
    task: {
      en: 'On a local RabbitMQ, use a separate temporary queue with fixed declaration arguments. Record where every event goes while you declare, bind, unbind and rebind it.',
      'zh-CN':
        '在本地 RabbitMQ 上使用一个独立的临时队列，声明参数固定。记录声明、绑定、解绑、重新绑定期间每条事件的去向。',
    },
    deliverable: { en: 'A script and a per-event report.', 'zh-CN': '脚本和逐事件报告。' },
    doneWhen: [
      {
        en: 'Every operation has a time and every event a unique id.',
        'zh-CN': '每次操作有时间，每条事件有唯一身份。',
      },
      { en: 'The lab cleans up after itself safely.', 'zh-CN': '实验资源可以安全清理。' },
    ],
  },
  {
    id: 'hw-09',
    number: 9,
    kind: K.review,
    level: 'advanced',
    needsBroker: false,
    scenarioFile: 'scenarios/homework-09.json',
    title: { en: 'From two to three key levels without downtime', 'zh-CN': '路由键从两级改三级且不停机' },
    task: {
      en: 'The team moves routing keys from region.type to region.country.type while old consumers keep running. Design the bindings for the transition period and the acceptance test for removing the old ones.',
      'zh-CN':
        '团队要把路由键从 地区.类型 改成 地区.国家.类型，同时旧消费者继续运行。设计过渡期的绑定方案，以及撤掉旧绑定前的验收标准。',
    },
    deliverable: {
      en: 'A migration plan and a list of duplication risks.',
      'zh-CN': '一份迁移方案，外加可能产生重复投递的风险列表。',
    },
    doneWhen: [
      {
        en: 'The period when old producers still run is covered.',
        'zh-CN': '覆盖旧生产者仍在运行的时间段。',
      },
      {
        en: 'How to check event identity and copy counts is written down.',
        'zh-CN': '写明如何核验事件身份与投递份数。',
      },
    ],
  },
  {
    id: 'hw-10',
    number: 10,
    kind: K.stretch,
    level: 'stretch',
    needsBroker: false,
    scenarioFile: null,
    timeline: 'hw10-completeness-claim',
    title: { en: 'Proving nothing was missed', 'zh-CN': '证明“一条不漏”' },
    task: {
      en: 'An audit consumer must be able to prove that it received every message it should have after a given moment. Define the synchronisation points and evidence a binding switch needs, and discuss what breaks when publishers cannot be paused.',
      'zh-CN':
        '某审计消费者要能证明：某时刻之后应收到的消息一条不漏。为绑定切换定义所需的同步点和证据，并讨论发布者无法暂停时的限制。',
    },
    deliverable: {
      en: 'A completeness statement and a plan of counter-examples.',
      'zh-CN': '完整性声明和反例计划。',
    },
    doneWhen: [
      { en: 'The time interval the claim covers is explicit.', 'zh-CN': '写明声明覆盖的时间区间。' },
      {
        en: 'A non-empty queue is not taken as proof of completeness.',
        'zh-CN': '不把“队列非空”当作完整性的证明。',
      },
    ],
  },
]
