import { defineMessages } from '../i18n/messages'

export const labMessages = defineMessages({
  en: {
    heading: 'From the playground to a real RabbitMQ',
    intro:
      'The playground predicts where every message goes. Here you check that prediction on a real broker: run a lab kit yourself and paste back what it observed, or let this page talk to a broker’s management API. Differences are marked and the first one is explained.',
    scenarioLine:
      'Current playground scenario: {steps} step(s), {messages} message(s), profile {profile}, fingerprint {fingerprint}.',
    backToPlayground: 'Back to the playground',
    pasteHeading: 'Paste back the observation',
    liveHeading: 'Live mode: this page talks to a broker',
    liveIntro:
      'Give the address of a RabbitMQ management API (the HTTP port, usually 15672). The address, user and password stay in this tab’s memory only: they are never saved, logged or put in a link, and are gone when you leave this page.',
    url: 'Management API address',
    user: 'User',
    password: 'Password',
    connect: 'Connect',
    connecting: 'Connecting…',
    disconnect: 'Disconnect',
    connected: 'Connected to {product} {version} as {user}.',
    vhostsHeading: 'Vhosts',
    importVhost: 'Import into the playground',
    importing: 'Importing…',
    importHint:
      'Reads the vhost’s exchanges, queues and bindings (nothing on the broker changes) and opens them in the playground.',
    runHeading: 'Run the current scenario on the broker',
    runHint:
      'A scratch vhost is created for the run and deleted afterwards; nothing else on the broker is touched. Your user needs the administrator tag to create vhosts.',
    sourceScript: 'with the playground’s topology (declared step by step)',
    sourceVhost: 'with the topology copied from vhost {vhost} (only the publishes run)',
    topologySource: 'Topology',
    run: 'Run live',
    running: 'Running… {done}/{total}',
    ranLive: 'Ran in scratch vhost {name}, which has been deleted again.',
    'fail_bad-url':
      'Enter an address like http://localhost:15672 (http or https, without user or password in it).',
    fail_unauthorized:
      'The broker refused the user name or password (HTTP 401). Check both; the default user guest can only log in from localhost.',
    fail_forbidden:
      'The broker knows this user but does not allow this (HTTP 403 or 401 “{detail}”). Creating a vhost needs the administrator tag; reading a vhost needs permissions on it.',
    fail_cors:
      'The broker answered, but the browser blocked the answer: the management API does not allow this page’s origin (CORS). Add this line to rabbitmq.conf and restart the broker:',
    fail_network:
      'Nothing answered at {url}. Is the broker running, is its management plugin (rabbitmq_management) enabled, and is the address right?',
    fail_http: 'The broker answered HTTP {status}: {detail}',
    failUnknown: 'Something failed: {detail}',
    scratchLeft: 'Scratch vhost(s) could not be deleted ({detail}); each was tried. Delete them yourself:',
    scriptErrors: 'The script has {count} error(s). Fix them in the playground first.',
    noVhosts: 'This user sees no vhost.',
  },
  'zh-CN': {
    heading: '从演练场到真实的 RabbitMQ',
    intro:
      '演练场会预测每条消息的去向。在这里，你可以在真实的 Broker 上检验这个预测：自己运行实验包并贴回它的观测，或者让本页直接连接 Broker 的管理 API。不同之处都会被标出，并解释第一处不同。',
    scenarioLine: '当前演练场场景：{steps} 个步骤，{messages} 条消息，规则 {profile}，指纹 {fingerprint}。',
    backToPlayground: '回到演练场',
    pasteHeading: '贴回观测文件',
    liveHeading: '实时模式：本页直接连接 Broker',
    liveIntro:
      '请填写 RabbitMQ 管理 API 的地址（HTTP 端口，通常是 15672）。地址、用户名和密码只保存在本标签页的内存中：不会被保存、记录或写进链接，离开本页即消失。',
    url: '管理 API 地址',
    user: '用户名',
    password: '密码',
    connect: '连接',
    connecting: '正在连接…',
    disconnect: '断开',
    connected: '已连接到 {product} {version}，用户 {user}。',
    vhostsHeading: 'vhost 列表',
    importVhost: '导入到演练场',
    importing: '正在导入…',
    importHint: '读取该 vhost 的交换机、队列和绑定（不会改动 Broker 上的任何东西），并在演练场中打开。',
    runHeading: '在 Broker 上运行当前场景',
    runHint:
      '运行时会新建一个临时 vhost，结束后删除；Broker 上的其他东西都不会被触碰。创建 vhost 需要用户带有 administrator 标签。',
    sourceScript: '使用演练场的拓扑（逐步声明）',
    sourceVhost: '使用从 vhost {vhost} 复制的拓扑（只执行发布）',
    topologySource: '拓扑来源',
    run: '实时运行',
    running: '正在运行… {done}/{total}',
    ranLive: '已在临时 vhost {name} 中运行，该 vhost 已再次删除。',
    'fail_bad-url': '请输入形如 http://localhost:15672 的地址（http 或 https，地址中不要包含用户名或密码）。',
    fail_unauthorized:
      'Broker 拒绝了用户名或密码（HTTP 401）。请检查两者；默认用户 guest 只能从 localhost 登录。',
    fail_forbidden:
      'Broker 认识这个用户，但不允许这项操作（HTTP 403 或 401“{detail}”）。创建 vhost 需要 administrator 标签；读取某个 vhost 需要对它有权限。',
    fail_cors:
      'Broker 有回应，但浏览器拦下了回应：管理 API 不允许本页的来源访问（CORS）。请在 rabbitmq.conf 中加入下面这一行，然后重启 Broker：',
    fail_network:
      '{url} 没有任何回应。Broker 是否在运行？管理插件（rabbitmq_management）是否已启用？地址是否正确？',
    fail_http: 'Broker 返回了 HTTP {status}：{detail}',
    failUnknown: '出现了错误：{detail}',
    scratchLeft: '临时 vhost 未能删除（{detail}），每一个都试过了。请自行删除：',
    scriptErrors: '脚本中有 {count} 处错误，请先在演练场里改正。',
    noVhosts: '这个用户看不到任何 vhost。',
  },
})
