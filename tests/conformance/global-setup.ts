import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { killPrivateNodeNow, startPrivateNode, stopPrivateNode } from './broker/private-node'
import { printSummary } from './harness/stats'

declare module 'vitest' {
  export interface ProvidedContext {
    /** amqp://user:pass@127.0.0.1:port (no vhost; the harness adds one per scenario). */
    rabbitAmqpUrl: string
    /** http://user:pass@127.0.0.1:port of the management API. */
    rabbitMgmtUrl: string
    /** Directory where test files drop their agreement counts for the closing summary line. */
    conformanceStatsDir: string
  }
}

/**
 * Starts a private RabbitMQ node for the conformance project (or reuses the broker named by
 * RABBITMQ_TEST_AMQP_URL / RABBITMQ_TEST_MGMT_URL) and stops it afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const statsDir = mkdtempSync(join(tmpdir(), 'conformance-stats-'))
  project.provide('conformanceStatsDir', statsDir)
  const amqpEnv = process.env.RABBITMQ_TEST_AMQP_URL
  const mgmtEnv = process.env.RABBITMQ_TEST_MGMT_URL
  if (amqpEnv || mgmtEnv) {
    if (!amqpEnv || !mgmtEnv)
      throw new Error('set both RABBITMQ_TEST_AMQP_URL and RABBITMQ_TEST_MGMT_URL, or neither')
    await mustAnswer(mgmtEnv)
    console.log(`conformance: reusing the broker at ${new URL(amqpEnv).host}`)
    project.provide('rabbitAmqpUrl', amqpEnv)
    project.provide('rabbitMgmtUrl', mgmtEnv)
    return async () => {
      printSummary(statsDir)
      rmSync(statsDir, { recursive: true, force: true })
    }
  }
  const node = await startPrivateNode()
  const onExit = () => {
    killPrivateNodeNow(node)
    rmSync(statsDir, { recursive: true, force: true })
  }
  process.once('exit', onExit) // never leave a broker behind, even if teardown is skipped
  console.log(
    `conformance: RabbitMQ ${node.version} (${node.nodename}) started in ${node.startupMs} ms (${node.pluginsMs} ms of it enabling the management plugin) on ${new URL(node.amqpUrl).host}`,
  )
  project.provide('rabbitAmqpUrl', node.amqpUrl)
  project.provide('rabbitMgmtUrl', node.mgmtUrl)
  return async () => {
    printSummary(statsDir)
    rmSync(statsDir, { recursive: true, force: true })
    const t0 = Date.now()
    await stopPrivateNode(node)
    process.off('exit', onExit)
    console.log(`conformance: broker stopped in ${Date.now() - t0} ms`)
  }
}

/** A broker named in the environment must answer, or every test would fail on its own. */
async function mustAnswer(mgmtUrl: string): Promise<void> {
  const url = new URL('api/overview', mgmtUrl.endsWith('/') ? mgmtUrl : `${mgmtUrl}/`)
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
  url.username = ''
  url.password = ''
  const fail = (why: string) =>
    new Error(
      `RABBITMQ_TEST_MGMT_URL names a broker that does not answer (${why}); start it, or unset ` +
        'RABBITMQ_TEST_AMQP_URL and RABBITMQ_TEST_MGMT_URL to let the suite start its own node',
    )
  const res = await fetch(url, {
    headers: { authorization: auth },
    signal: AbortSignal.timeout(5_000),
  }).catch((e: Error) => {
    throw fail(e.message)
  })
  if (!res.ok) throw fail(`HTTP ${res.status}`)
}
