// The Node.js (amqplib) lab kit's runtime: everything a kit does but the scenario itself.
// src/lab-core/kit-node.ts writes a kit as its header, the import, PLAN, the text between the
// `kit:runtime` and `kit:end` lines below (embedded by `npm run kits:embed`), then the scenario's
// steps and the call of main. The stubs around it make this file a program that `node --check`
// parses (tests/unit/labkit-runtimes.test.ts); they are never part of a kit.
// kit:stub
import amqp from 'amqplib'

const PLAN = { format: '', version: 0, scenario: '00000000', vhosts: [], queues: [], declared: [] }
// kit:runtime

const env = process.env
const AMQP_URL = new URL(env.RABBITMQ_URL || 'amqp://localhost')
const API_URL = new URL(env.RABBITMQ_MANAGEMENT_URL || 'http://localhost:15672')
const MODE = env.LAB_MODE || 'auto'
const KEEP = env.LAB_KEEP === '1'
const RUN = env.LAB_NAME || 'lab-' + PLAN.scenario.slice(0, 8) + '-' + Math.random().toString(36).slice(2, 8)
const STEP_TIMEOUT_MS = 20000
const log = (line) => console.error('[lab] ' + line)

const obs = {
  format: PLAN.format,
  version: PLAN.version,
  kit: 'node',
  scenario: PLAN.scenario,
  broker: { product: 'RabbitMQ', version: 'unknown' },
  observed_at: new Date().toISOString(),
  isolation: { mode: 'vhost', name: RUN },
  queues: {},
  returns: [],
  errors: [],
  steps: [],
}
const nacks = [] // publishes a full queue refused (x-overflow reject-publish): the confirm is a nack

// ---- management HTTP API (scratch vhosts, permissions, the bindings seen at the end)
const amqpUser = decodeURIComponent(AMQP_URL.username || 'guest')
const amqpPass = decodeURIComponent(AMQP_URL.password || (AMQP_URL.username ? '' : 'guest'))
const apiUser = API_URL.username ? decodeURIComponent(API_URL.username) : amqpUser
const apiPass = API_URL.username ? decodeURIComponent(API_URL.password) : amqpPass
const API_BASE = API_URL.protocol + '//' + API_URL.host + API_URL.pathname.replace(/\/+$/, '') + '/api'
let apiWorks = false

/** Any answer of the API: { status, text }. */
async function apiAnswer(method, path, body) {
  const res = await fetch(API_BASE + path, {
    method,
    headers: {
      authorization: 'Basic ' + Buffer.from(apiUser + ':' + apiPass).toString('base64'),
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30000),
  })
  return { status: res.status, text: await res.text() }
}
async function api(method, path, body) {
  const a = await apiAnswer(method, path, body)
  if (a.status < 200 || a.status > 299) throw new Error(method + ' ' + path + ': HTTP ' + a.status + ' ' + a.text)
  return a.text ? JSON.parse(a.text) : null
}
const enc = encodeURIComponent

// ---- isolation: one scratch vhost per scenario vhost, or a name prefix inside an existing vhost
const targets = [] // per scenario vhost index: { vhost, prefix }
const createdVhosts = []

async function isolate() {
  if (MODE !== 'prefix') {
    try {
      for (let i = 0; i < PLAN.vhosts.length; i++) {
        const name = i === 0 ? RUN : RUN + '-' + i
        await api('PUT', '/vhosts/' + enc(name), {})
        createdVhosts.push(name)
        for (const user of new Set([apiUser, amqpUser]))
          await api('PUT', '/permissions/' + enc(name) + '/' + enc(user), { configure: '.*', write: '.*', read: '.*' })
        targets.push({ vhost: name, prefix: '' })
      }
      apiWorks = true
      return
    } catch (e) {
      if (MODE === 'vhost') throw e
      log('no scratch vhost (' + e.message.split('\n')[0] + '); using a name prefix instead')
      for (const name of createdVhosts.splice(0)) await api('DELETE', '/vhosts/' + enc(name)).catch(() => {})
      targets.length = 0
    }
  }
  const path = AMQP_URL.pathname.slice(1)
  const vhost = env.LAB_VHOST || (path ? decodeURIComponent(path) : '/')
  for (let i = 0; i < PLAN.vhosts.length; i++) targets.push({ vhost, prefix: RUN + (i ? '-' + i : '') + '.' })
  obs.isolation = { mode: 'prefix', name: RUN + '.' }
  apiWorks = await api('GET', '/vhosts/' + enc(vhost)).then(() => true, () => false)
}

/** A scenario name as the broker sees it (built-in amq.* and "" are never prefixed). */
function N(v, name) {
  const p = targets[v].prefix
  return p && name !== '' && !name.startsWith('amq.') ? p + name : name
}
function unN(v, name) {
  const p = targets[v].prefix
  return p && name.startsWith(p) ? name.slice(p.length) : name
}
/** A broker text with the scenario's names (scratch vhost and prefix taken out). */
function scenarioText(v, text) {
  let t = text.split("vhost '" + targets[v].vhost + "'").join("vhost '" + PLAN.vhosts[v] + "'")
  if (targets[v].prefix) t = t.split("'" + targets[v].prefix).join("'")
  return t
}
const queueKey = (v, q) => (PLAN.vhosts[v] === '/' ? q : PLAN.vhosts[v] + '/' + q)

// ---- one connection + confirm channel per vhost, reopened after a refusal as a client would
const CLOSE_RE = /(\d+) \([^)]*\) with message "([\s\S]*)"$/
function refusal(err) {
  const m = CLOSE_RE.exec(err.message || '')
  if (m) return { code: Number(m[1]), text: m[2] }
  return { code: typeof err.code === 'number' ? err.code : 0, text: String(err.message || err) }
}

class Session {
  constructor(v) {
    this.v = v
  }
  async channel() {
    if (!this.conn || this.connClosed) {
      const conn = await amqp.connect({
        protocol: AMQP_URL.protocol.replace(':', ''),
        hostname: AMQP_URL.hostname,
        port: AMQP_URL.port ? Number(AMQP_URL.port) : undefined,
        username: amqpUser,
        password: amqpPass,
        vhost: targets[this.v].vhost,
      })
      const props = conn.connection.serverProperties || {}
      obs.broker = { product: String(props.product || 'RabbitMQ'), version: String(props.version || 'unknown') }
      this.conn = conn
      this.connClosed = false
      this.connError = undefined
      this.ch = undefined
      conn.on('error', (e) => (this.connError = refusal(e)))
      conn.on('close', () => (this.connClosed = true))
    }
    if (!this.ch || this.chClosed) {
      const ch = await this.conn.createConfirmChannel()
      this.ch = ch
      this.chClosed = false
      this.chError = undefined
      ch.on('error', (e) => (this.chError = refusal(e)))
      ch.on('close', () => (this.chClosed = true))
      ch.on('return', (msg) => {
        const id = msg.properties.messageId || msg.content.toString('utf8')
        obs.returns.push({ id, reply_code: msg.fields.replyCode, reply_text: msg.fields.replyText })
      })
    }
    return this.ch
  }
  /** Runs one step: { ok: true } or { ok: false, code, text }, never throws a refusal. */
  async run(fn) {
    const ch = await this.channel()
    let timer
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('step timed out')), STEP_TIMEOUT_MS)
    })
    try {
      return { ok: true, value: await Promise.race([fn(ch), timeout]) }
    } catch (e) {
      if (e.message === 'step timed out') throw e
      if (e instanceof TypeError || e instanceof RangeError) {
        this.chClosed = true // amqplib refused to encode: this channel would wait forever
        return { ok: false, code: 0, text: e.message }
      }
      for (let i = 0; i < 100 && !this.chClosed && !this.connClosed; i++) await new Promise((r) => setTimeout(r, 10))
      const r = (this.connClosed && this.connError) || (this.chClosed && this.chError) || refusal(e)
      return { ok: false, ...r }
    } finally {
      clearTimeout(timer)
    }
  }
  async close() {
    if (this.conn && !this.connClosed) await this.conn.close().catch(() => {})
  }
}
const sessions = []
const session = (v) => (sessions[v] = sessions[v] || new Session(v))

/** Runs one step and records its refusal; true when the broker took it. */
async function step(v, id, stage, fn) {
  obs.steps.push({ id, at: new Date().toISOString() })
  const out = await session(v).run(fn)
  if (!out.ok) obs.errors.push({ id, stage, code: out.code, text: out.code === 0 ? out.text : scenarioText(v, out.text) })
  return out.ok
}

// ---- queue types, as this kit declared them: a stream refuses basic.get (540, a connection error)
// and so does a quorum queue with single active consumer (405), so the drain reads those with a
// consumer. A queue's type is the one of its last declaration the broker took (a redeclare is
// only taken with the same x-queue-type and single-active-consumer setting).
const consumerRead = PLAN.vhosts.map(() => new Map()) // per vhost: queue name -> 'stream' | 'quorum'
const queueName = (name) => name.replace(/[\r\n]/g, '') // the broker drops CR and LF, as PLAN.queues does
function noteQueueType(v, name, args) {
  const a = args || {}
  const type = a['x-queue-type']
  if (type === 'stream' || (type === 'quorum' && a['x-single-active-consumer'] === true))
    consumerRead[v].set(queueName(name), type)
  else consumerRead[v].delete(queueName(name))
}

// ---- the steps a scenario is made of
function mapArgs(v, args) {
  if (!args || typeof args['alternate-exchange'] !== 'string') return args
  return { ...args, 'alternate-exchange': N(v, args['alternate-exchange']) }
}
const declareExchange = (v, id, name, type, o) =>
  step(v, id, 'declare', (ch) =>
    o.passive
      ? ch.checkExchange(N(v, name))
      : ch.assertExchange(N(v, name), type, { ...o, arguments: mapArgs(v, o.arguments) }),
  )
/** Prefix mode: a dead-letter exchange is a name too (and so is its key, beside the default exchange). */
function mapQueueArgs(v, args) {
  if (!args || !targets[v].prefix || typeof args['x-dead-letter-exchange'] !== 'string') return args
  const out = { ...args, 'x-dead-letter-exchange': N(v, args['x-dead-letter-exchange']) }
  if (args['x-dead-letter-exchange'] === '' && typeof args['x-dead-letter-routing-key'] === 'string')
    out['x-dead-letter-routing-key'] = N(v, args['x-dead-letter-routing-key'])
  return out
}
async function declareQueue(v, id, name, o) {
  const ok = await step(v, id, 'declare', (ch) =>
    o.passive ? ch.checkQueue(N(v, name)) : ch.assertQueue(N(v, name), { ...o, arguments: mapQueueArgs(v, o.arguments) }),
  )
  if (ok && !o.passive) noteQueueType(v, name, o.arguments)
}
const bind = (v, id, source, type, dest, key, args) =>
  step(v, id, 'bind', (ch) =>
    type === 'exchange'
      ? ch.bindExchange(N(v, dest), N(v, source), key, args)
      : ch.bindQueue(N(v, dest), N(v, source), key, args),
  )
const unbind = (v, id, source, type, dest, key, args) =>
  step(v, id, 'unbind', (ch) =>
    type === 'exchange'
      ? ch.unbindExchange(N(v, dest), N(v, source), key, args)
      : ch.unbindQueue(N(v, dest), N(v, source), key, args),
  )
const deleteExchange = (v, id, name, o) => step(v, id, 'delete', (ch) => ch.deleteExchange(N(v, name), o))
async function deleteQueue(v, id, name) {
  if (await step(v, id, 'delete', (ch) => ch.deleteQueue(N(v, name)))) consumerRead[v].delete(queueName(name))
}

// ---- policies: through the management API; the broker applies one asynchronously, so the kit waits
// until the API lists it on every queue and exchange the playground says it now governs
const POLICY_WAIT_MS = 5000
const createdPolicies = [] // prefix mode: [vhost index, broker name], deleted at the end
const reEscape = (s) => [...s].map((c) => (/^[A-Za-z0-9]$/.test(c) ? c : '\\' + c)).join('')
function apiReason(text) {
  let r = text
  try {
    r = JSON.parse(text).reason ?? text
  } catch {}
  // The API escapes HTML in its reasons (<<"foo">> arrives as &lt;&lt;"foo"&gt;&gt;).
  return String(r).replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
}
function policyDefinition(v, d) {
  if (!targets[v].prefix || !d || typeof d !== 'object' || Array.isArray(d)) return d
  const out = { ...d }
  for (const k of ['alternate-exchange', 'dead-letter-exchange']) if (typeof d[k] === 'string') out[k] = N(v, d[k])
  if (d['dead-letter-exchange'] === '' && typeof d['dead-letter-routing-key'] === 'string')
    out['dead-letter-routing-key'] = N(v, d['dead-letter-routing-key'])
  return out
}
async function awaitPolicies(v, waits) {
  const p = targets[v].prefix
  // Built-in exchanges are never prefixed, and a prefixed policy never reaches them.
  const want = waits
    .filter(([, name]) => !p || N(v, name) !== name)
    .map(([kind, name, policy]) => [kind, N(v, name), policy && p + policy])
  if (!want.length) return
  const deadline = Date.now() + POLICY_WAIT_MS
  for (;;) {
    const seen = new Map()
    for (const kind of new Set(want.map((w) => w[0])))
      for (const r of await api('GET', '/' + kind + 's/' + enc(targets[v].vhost) + '?disable_stats=true&columns=name,policy'))
        seen.set(kind + ':' + r.name, r.policy || '')
    const late = want.filter(([kind, name, policy]) => seen.has(kind + ':' + name) && seen.get(kind + ':' + name) !== policy)
    if (!late.length) return
    if (Date.now() > deadline) return log('policy not in effect after ' + POLICY_WAIT_MS + ' ms on ' + late.map((w) => w[0] + ' ' + w[1]).join(', '))
    await new Promise((r) => setTimeout(r, 20))
  }
}
/** The body is the one for a scratch vhost; prefix mode rewrites the pattern (parts joined by the prefix) and names. */
async function setPolicy(v, id, name, body, prefixed, waits) {
  obs.steps.push({ id, at: new Date().toISOString() })
  if (!apiWorks) return obs.errors.push({ id, stage: 'policy', code: 0, text: 'policies are set through the management API, which cannot be reached' })
  const p = targets[v].prefix
  const sent = p ? { ...body, pattern: prefixed ? prefixed.join(reEscape(p)) : body.pattern, definition: policyDefinition(v, body.definition) } : body
  const path = '/policies/' + enc(targets[v].vhost) + '/' + enc(p + name)
  const a = await apiAnswer('PUT', path, sent)
  if (a.status === 400) return obs.errors.push({ id, stage: 'policy', code: 400, text: apiReason(a.text) })
  if (a.status < 200 || a.status > 299) throw new Error('PUT ' + path + ': HTTP ' + a.status + ' ' + a.text)
  if (p && !prefixed) {
    // Expected to be refused, so sent as written: it would reach the whole shared vhost.
    log('policy ' + name + ': the broker took a pattern the playground expected it to refuse; deleted at once')
    await apiAnswer('DELETE', path)
    return
  }
  if (p && !createdPolicies.some(([w, n]) => w === v && n === p + name)) createdPolicies.push([v, p + name])
  await awaitPolicies(v, waits)
}
async function clearPolicy(v, id, name, waits) {
  obs.steps.push({ id, at: new Date().toISOString() })
  if (!apiWorks) return obs.errors.push({ id, stage: 'policy', code: 0, text: 'policies are set through the management API, which cannot be reached' })
  const path = '/policies/' + enc(targets[v].vhost) + '/' + enc(targets[v].prefix + name)
  const a = await apiAnswer('DELETE', path)
  if (a.status === 404) return // clearing what is not there is no error
  if (a.status < 200 || a.status > 299) return obs.errors.push({ id, stage: 'policy', code: a.status, text: apiReason(a.text) })
  await awaitPolicies(v, waits)
}

const PROPERTY_NAMES = {
  content_type: 'contentType', content_encoding: 'contentEncoding', delivery_mode: 'deliveryMode',
  priority: 'priority', correlation_id: 'correlationId', reply_to: 'replyTo', expiration: 'expiration',
  timestamp: 'timestamp', type: 'type', user_id: 'userId', app_id: 'appId',
}
/** Every message carries its id as message_id; its body is the scenario's (else the id); the confirm is awaited. */
function publish(v, id, exchange, key, o) {
  const headers = { ...(o.headers || {}) }
  let rk = key
  if (exchange === '' && targets[v].prefix) {
    // The default exchange routes by queue name, so keys (and CC/BCC) name prefixed queues.
    rk = N(v, key)
    for (const h of ['CC', 'BCC'])
      if (Array.isArray(headers[h])) headers[h] = headers[h].map((k) => (typeof k === 'string' ? N(v, k) : k))
  }
  const options = { mandatory: !!o.mandatory, headers, messageId: id }
  for (const [k, val] of Object.entries(o.properties || {})) options[PROPERTY_NAMES[k]] = val
  return step(v, id, 'publish', (ch) =>
    new Promise((resolve, reject) =>
      ch.publish(N(v, exchange), rk, Buffer.from(o.body ?? id, 'utf8'), options, (err) => {
        if (!err) return resolve()
        if (err.message !== 'message nacked') return reject(err)
        nacks.push({ id, queues: [] })
        resolve()
      }),
    ),
  )
}

// ---- after the steps: drain every queue, read the bindings, clean up
const READ_IDLE_MS = 300 // a consumer's read ends when no message came for this long
const STREAM_START_MS = 600 // and a stream's not sooner: its reader takes a moment to start
const idOf = (msg) => msg.properties.messageId || msg.content.toString('utf8')

/** A stream (from its first offset) or a quorum queue with single active consumer: a consumer with a prefetch and manual acks, as both require. */
async function readByConsumer(s, queue, stream) {
  const ids = []
  const out = await s.run(async (ch) => {
    await ch.prefetch(1000)
    const start = Date.now()
    let last = start
    const { consumerTag } = await ch.consume(
      queue,
      (msg) => {
        if (!msg) return // the broker cancelled the consumer
        ids.push(idOf(msg))
        last = Date.now()
        ch.ack(msg)
      },
      { noAck: false, arguments: stream ? { 'x-stream-offset': 'first' } : {} },
    )
    const least = stream ? STREAM_START_MS : READ_IDLE_MS
    while (Date.now() - last < READ_IDLE_MS || Date.now() - start < least) await new Promise((r) => setTimeout(r, 20))
    await ch.cancel(consumerTag)
  })
  if (!out.ok) log('reading ' + queue + ' with a consumer was refused: ' + out.code + ' ' + out.text)
  return ids
}

async function readByGet(s, queue) {
  const ids = []
  for (;;) {
    const ch = await s.channel()
    const msg = await ch.get(queue, { noAck: true })
    if (msg === false) return ids
    ids.push(idOf(msg))
  }
}

async function drain() {
  for (let v = 0; v < PLAN.vhosts.length; v++) {
    for (const q of PLAN.queues[v]) {
      const s = session(v)
      if (!(await s.run((ch) => ch.checkQueue(N(v, q)))).ok) continue // it does not exist
      const type = consumerRead[v].get(q)
      obs.queues[queueKey(v, q)] = type ? await readByConsumer(s, N(v, q), type === 'stream') : await readByGet(s, N(v, q))
    }
  }
}

async function readBindings() {
  if (!apiWorks) return
  const out = []
  for (let v = 0; v < PLAN.vhosts.length; v++) {
    const p = targets[v].prefix
    for (const b of await api('GET', '/bindings/' + enc(targets[v].vhost))) {
      if (b.source === '') continue // the default exchange's implicit bindings
      if (p && !b.source.startsWith(p) && !b.destination.startsWith(p)) continue
      out.push({
        vhost: PLAN.vhosts[v],
        source: unN(v, b.source),
        destination: unN(v, b.destination),
        destination_type: b.destination_type,
        routing_key: b.routing_key,
      })
    }
  }
  obs.bindings = out
}

async function cleanup(declared) {
  if (KEEP) {
    log('kept: ' + (obs.isolation.mode === 'vhost' ? 'vhost ' : 'names starting with ') + obs.isolation.name)
  } else if (obs.isolation.mode === 'prefix') {
    for (const [v, kind, name] of declared) {
      if (N(v, name) === name) continue // built-in: not ours to delete
      await session(v).run((ch) => (kind === 'queue' ? ch.deleteQueue(N(v, name)) : ch.deleteExchange(N(v, name))))
    }
    for (const [v, name] of createdPolicies)
      await apiAnswer('DELETE', '/policies/' + enc(targets[v].vhost) + '/' + enc(name)).catch((e) => log(e.message))
  }
  for (const s of sessions) if (s) await s.close()
  if (!KEEP) for (const name of createdVhosts) await api('DELETE', '/vhosts/' + enc(name)).catch((e) => log(e.message))
}

async function main(scenario) {
  await isolate()
  try {
    await scenario()
    await drain()
    await readBindings()
  } finally {
    await cleanup(PLAN.declared)
  }
  if (nacks.length) obs.nacks = nacks
  process.stdout.write(JSON.stringify(obs, null, 2) + '\n')
}
// kit:end
/** A scenario calling every step the runtime offers, as a generated kit's steps do. */
async function scenario() {
  await setPolicy(0, 'policy:0', 'p', { pattern: '^q', definition: {} }, ['q'], [['queue', 'q', 'p']])
  await declareExchange(0, 'exchange:0', 'x', 'topic', {})
  await declareQueue(0, 'queue:0', 'q', {})
  await bind(0, 'binding:0', 'x', 'queue', 'q', 'a.*', {})
  await publish(0, 'm1', 'x', 'a.b', { mandatory: true })
  await unbind(0, 'unbind:0', 'x', 'queue', 'q', 'a.*', {})
  await clearPolicy(0, 'policy:1', 'p', [['queue', 'q', '']])
  await deleteExchange(0, 'delete:0', 'x', {})
  await deleteQueue(0, 'delete:1', 'q')
}

main(scenario).catch((e) => {
  console.error(`lab kit failed: ${e?.message || e}`)
  process.exit(1)
})
