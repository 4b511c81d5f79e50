/**
 * Manual use: `tsx tests/conformance/broker/cli.ts start|stop`. `start` leaves a private node
 * running and prints the two env lines the conformance suite reads to reuse it; `stop` stops it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PrivateNode, startPrivateNode, stopPrivateNode } from './private-node'

const STATE = process.env.RABBITMQ_TEST_STATE ?? join(tmpdir(), 'amqp-playground-rabbitmq.json')

async function main(cmd: string | undefined): Promise<void> {
  if (cmd === 'start') {
    if (existsSync(STATE)) throw new Error(`${STATE} exists: a node is already running (run stop first)`)
    // Extra rabbitmq.conf lines, one per line (e.g. a CORS origin for trying live mode by hand).
    const extraConfig = (process.env.RABBITMQ_TEST_EXTRA_CONF ?? '').split('\n').filter((l) => l.trim())
    const node = await startPrivateNode({ extraConfig })
    writeFileSync(STATE, JSON.stringify(node, null, 2))
    console.error(
      `RabbitMQ ${node.version} node ${node.nodename} up in ${node.startupMs} ms (state: ${STATE})`,
    )
    console.log(`export RABBITMQ_TEST_AMQP_URL='${node.amqpUrl}'`)
    console.log(`export RABBITMQ_TEST_MGMT_URL='${node.mgmtUrl}'`)
  } else if (cmd === 'stop') {
    if (!existsSync(STATE)) throw new Error(`${STATE} not found: nothing to stop`)
    const node = JSON.parse(readFileSync(STATE, 'utf8')) as PrivateNode
    await stopPrivateNode(node)
    rmSync(STATE)
    console.error(`stopped ${node.nodename}`)
  } else {
    throw new Error('usage: cli.ts start|stop')
  }
}

main(process.argv[2]).catch((e: Error) => {
  console.error(e.message)
  process.exit(1)
})
