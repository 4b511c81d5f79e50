import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'amqplib'
import { MgmtApi } from '../harness/mgmt-api'
import { findFreePorts } from './ports'

const SBIN = process.env.RABBITMQ_SBIN ?? '/usr/lib/rabbitmq/bin'

/** Everything needed to use and later stop a private node; plain JSON so a CLI can save it. */
export interface PrivateNode {
  amqpUrl: string
  mgmtUrl: string
  version: string
  pid: number
  dir: string
  nodename: string
  epmdPort: number
  /** Wall time from the call to a node answering AMQP and HTTP; `pluginsMs` of it enabling the plugin. */
  startupMs: number
  pluginsMs: number
}

function assertInstalled(): void {
  if (!existsSync(join(SBIN, 'rabbitmq-server')) || !existsSync(join(SBIN, 'rabbitmq-plugins'))) {
    throw new Error(
      `RabbitMQ is not installed (no ${SBIN}/rabbitmq-server). Install the Debian package ` +
        `'rabbitmq-server' (apt-get install -y rabbitmq-server), or point RABBITMQ_TEST_AMQP_URL and ` +
        'RABBITMQ_TEST_MGMT_URL at a running broker.',
    )
  }
}

function tail(file: string, lines: number): string {
  if (!existsSync(file)) return `(no ${file})`
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
}

function logTail(dir: string, nodename: string): string {
  return [
    `--- ${dir}/stdout.log ---`,
    tail(join(dir, 'stdout.log'), 15),
    `--- node log ---`,
    tail(join(dir, 'log', `${nodename}.log`), 25),
  ].join('\n')
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls until both the AMQP listener and the management API answer; returns the version. */
async function waitReady(node: PrivateNode, timeoutMs: number): Promise<string> {
  const api = new MgmtApi(node.mgmtUrl)
  const deadline = Date.now() + timeoutMs
  let last = 'nothing answered yet'
  while (Date.now() < deadline) {
    if (!alive(node.pid))
      throw new Error(`the broker process exited during startup\n${logTail(node.dir, node.nodename)}`)
    try {
      const { rabbitmq_version } = await api.overview()
      const conn = await connect(node.amqpUrl)
      await conn.close()
      return rabbitmq_version
    } catch (e) {
      last = (e as Error).message
    }
    await sleep(250)
  }
  throw new Error(
    `RabbitMQ did not answer within ${timeoutMs / 1000} s (last: ${last})\n${logTail(node.dir, node.nodename)}`,
  )
}

/** The environment that confines the node (and the CLI tools talking to it) to its own dir and loopback. */
function nodeEnv(dir: string, nodename: string, ports: number[]): NodeJS.ProcessEnv {
  const [amqp, , dist, epmd] = ports
  const loopbackDist = '-kernel inet_dist_use_interface {127,0,0,1}'
  return {
    ...process.env,
    HOME: dir, // the Erlang cookie lives here, not in /root
    RABBITMQ_CONF_ENV_FILE: join(dir, 'rabbitmq-env.conf'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_PID_FILE: join(dir, 'rabbitmq.pid'),
    RABBITMQ_NODENAME: nodename,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(amqp),
    RABBITMQ_DIST_PORT: String(dist),
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: loopbackDist,
    RABBITMQ_CTL_ERL_ARGS: loopbackDist,
    ERL_EPMD_ADDRESS: '127.0.0.1',
    ERL_EPMD_PORT: String(epmd), // a private epmd, so stopping it cannot disturb anyone else
  }
}

export interface NodeOptions {
  timeoutMs?: number
  /** More rabbitmq.conf lines, e.g. `management.cors.allow_origins.1 = http://127.0.0.1:4173`. */
  extraConfig?: string[]
}

/**
 * Starts a throw-away RabbitMQ node as the current user: its own data/log dirs under a temp dir,
 * every listener (AMQP, management, distribution, epmd) on 127.0.0.1 and free ports, the management
 * plugin enabled offline, one administrator user with a random password.
 */
export async function startPrivateNode(options: NodeOptions = {}): Promise<PrivateNode> {
  const timeoutMs = options.timeoutMs ?? 120_000
  assertInstalled()
  const t0 = Date.now()
  const dir = mkdtempSync(join(tmpdir(), 'rmq-conformance-'))
  const ports = await findFreePorts(4)
  const [amqp, mgmt, , epmdPort] = ports
  const nodename = `conformance-${process.pid}-${randomBytes(3).toString('hex')}@localhost`
  const user = 'conformance'
  const pass = randomBytes(12).toString('hex')
  writeFileSync(join(dir, 'rabbitmq-env.conf'), '# intentionally empty: ignore /etc/rabbitmq\n')
  writeFileSync(
    join(dir, 'rabbitmq.conf'),
    [
      `listeners.tcp.1 = 127.0.0.1:${amqp}`,
      'management.tcp.ip = 127.0.0.1',
      `management.tcp.port = ${mgmt}`,
      `default_user = ${user}`,
      `default_pass = ${pass}`,
      'default_user_tags.administrator = true',
      'loopback_users = none',
      'log.console = false',
      'log.file.level = info',
      ...(options.extraConfig ?? []),
      '',
    ].join('\n'),
  )
  const env = nodeEnv(dir, nodename, ports)
  const tPlugins = Date.now()
  const plugins = spawnSync(join(SBIN, 'rabbitmq-plugins'), ['--offline', 'enable', 'rabbitmq_management'], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  })
  if (plugins.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(
      `rabbitmq-plugins --offline enable rabbitmq_management failed:\n${plugins.stdout}${plugins.stderr}`,
    )
  }
  const pluginsMs = Date.now() - tPlugins
  const out = openSync(join(dir, 'stdout.log'), 'a')
  const child = spawn(join(SBIN, 'rabbitmq-server'), [], { env, detached: true, stdio: ['ignore', out, out] })
  closeSync(out)
  child.unref()
  if (child.pid === undefined) throw new Error('could not spawn rabbitmq-server')
  const node: PrivateNode = {
    amqpUrl: `amqp://${user}:${pass}@127.0.0.1:${amqp}`,
    mgmtUrl: `http://${user}:${pass}@127.0.0.1:${mgmt}`,
    version: '',
    pid: child.pid,
    dir,
    nodename,
    epmdPort,
    startupMs: 0,
    pluginsMs,
  }
  try {
    node.version = await waitReady(node, timeoutMs)
  } catch (e) {
    await stopPrivateNode(node)
    throw e
  }
  node.startupMs = Date.now() - t0
  return node
}

/** Stops the node's process group (SIGTERM, then SIGKILL), its private epmd, and removes its dir. */
export async function stopPrivateNode(node: PrivateNode): Promise<void> {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-node.pid, s) // the whole group: the start script execs erl, helpers follow
    } catch {
      /* already gone */
    }
  }
  signal('SIGTERM') // beam treats SIGTERM as init:stop(), a clean shutdown
  for (let i = 0; i < 60 && alive(node.pid); i++) await sleep(250)
  if (alive(node.pid)) {
    signal('SIGKILL')
    for (let i = 0; i < 20 && alive(node.pid); i++) await sleep(100)
  }
  spawnSync('epmd', ['-kill'], {
    env: { ...process.env, ERL_EPMD_PORT: String(node.epmdPort) },
    timeout: 10_000,
  })
  rmSync(node.dir, { recursive: true, force: true })
}

/** Last resort when the test process itself is exiting: synchronous, no waiting. */
export function killPrivateNodeNow(node: PrivateNode): void {
  try {
    process.kill(-node.pid, 'SIGKILL')
  } catch {
    /* already gone */
  }
  spawnSync('epmd', ['-kill'], {
    env: { ...process.env, ERL_EPMD_PORT: String(node.epmdPort) },
    timeout: 5_000,
  })
  rmSync(node.dir, { recursive: true, force: true })
}
