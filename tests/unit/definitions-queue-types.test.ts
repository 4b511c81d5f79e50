/**
 * Queue types through definitions.json, as RabbitMQ writes and reads them. Observed on the private
 * 3.10.8 node (HTTP API): `GET /api/definitions` puts a queue's type only in `arguments`
 * (`x-queue-type`), with no `type` field; `POST /api/definitions` of a queue with `"type": "quorum"`
 * and no `x-queue-type` made a classic queue. `rabbitmqctl export_definitions`
 * (rabbit_definitions:queue_definition/1 in rabbitmq-server's deps/rabbit) also writes `"type"`
 * (classic | quorum | stream) from the queue's type; its import (add_queue_int/3) reads only the
 * arguments. The engine keeps both forms and never reads `type`.
 */
import { describe, expect, it } from 'vitest'
import { queueTypeOf } from '../../src/engine'
import type { Scenario } from '../../src/engine/broker/types'
import { scenarioToDefinitions, topologyToDefinitions } from '../../src/engine/definitions/export'
import { importDefinitions } from '../../src/engine/definitions/import'
import { runOperations } from '../../src/engine/scenario/run'
import { operationsFromScenario } from '../../src/engine/script/from-scenario'
import { parseScript } from '../../src/engine/script/parse'

/** What 3.10.8's `GET /api/definitions/VHOST` answered (queue order as the broker gave it). */
const HTTP_3_10 = {
  rabbit_version: '3.10.8',
  parameters: [],
  policies: [],
  queues: [
    { name: 'st', durable: true, auto_delete: false, arguments: { 'x-queue-type': 'stream' } },
    {
      name: 'qq',
      durable: true,
      auto_delete: false,
      arguments: { 'x-delivery-limit': 5, 'x-queue-type': 'quorum' },
    },
    { name: 'cl', durable: true, auto_delete: false, arguments: {} },
  ],
  exchanges: [],
  bindings: [],
}

/** The same queues as `rabbitmqctl export_definitions` writes them (with `type`). */
const CTL = {
  queues: [
    {
      name: 'st',
      vhost: '/',
      type: 'stream',
      durable: true,
      auto_delete: false,
      arguments: { 'x-queue-type': 'stream' },
    },
    {
      name: 'qq',
      vhost: '/',
      type: 'quorum',
      durable: true,
      auto_delete: false,
      arguments: { 'x-queue-type': 'quorum' },
    },
    { name: 'cl', vhost: '/', type: 'classic', durable: true, auto_delete: false, arguments: {} },
  ],
}

const run = (scenario: Scenario) => runOperations(operationsFromScenario(scenario), 'rabbitmq-3.10')
const typesOf = (scenario: Scenario) =>
  Object.fromEntries(run(scenario).topology.queues.map((q) => [q.name, queueTypeOf(q.arguments)]))

describe('definitions: queue types', () => {
  it('3.10.8 HTTP export (type only in x-queue-type): the engine reads the types, export gives the file back', () => {
    const { scenario, kept } = importDefinitions(HTTP_3_10)
    expect(typesOf(scenario)).toEqual({ st: 'stream', qq: 'quorum', cl: 'classic' })
    // (a per-vhost export names no vhost; the engine's export names it, so compare the rest)
    const out = scenarioToDefinitions(scenario, kept) as { queues: Record<string, unknown>[] }
    expect(out.queues.map(({ vhost, ...q }) => q)).toEqual(HTTP_3_10.queues)
    const r = run(scenario)
    expect(r.result.errors).toEqual([])
    const back = topologyToDefinitions(r.topology, kept) as { queues: { type?: string }[] }
    expect(back.queues.every((q) => !('type' in q))).toBe(true)
  })
  it('rabbitmqctl export (with type): kept on export, each queue still says its type', () => {
    const { scenario, kept } = importDefinitions(CTL)
    expect(typesOf(scenario)).toEqual({ st: 'stream', qq: 'quorum', cl: 'classic' })
    expect(scenarioToDefinitions(scenario, kept).queues).toEqual(CTL.queues)
    const back = topologyToDefinitions(run(scenario).topology, kept) as { queues: Record<string, unknown>[] }
    expect(Object.fromEntries(back.queues.map((q) => [q.name, q.type]))).toEqual({
      st: 'stream',
      qq: 'quorum',
      cl: 'classic',
    })
  })
  it('"type" alone does not make a quorum queue (3.10.8 imported it as classic); the export then says classic', () => {
    const doc = {
      queues: [
        { name: 'typed', vhost: '/', type: 'quorum', durable: true, auto_delete: false, arguments: {} },
      ],
    }
    const { scenario, kept } = importDefinitions(doc)
    expect(typesOf(scenario)).toEqual({ typed: 'classic' })
    const back = topologyToDefinitions(run(scenario).topology, kept) as { queues: Record<string, unknown>[] }
    expect(back.queues[0]?.type).toBe('classic')
  })
  it('a script’s quorum queue exports as the HTTP API does: x-queue-type in arguments, no type field', () => {
    const parsed = parseScript('queue declare jobs args {x-queue-type: quorum, x-delivery-limit: 3}\n')
    const r = runOperations(parsed.ops, 'rabbitmq-3.10')
    const back = topologyToDefinitions(r.topology) as { queues: Record<string, unknown>[] }
    expect(back.queues).toEqual([
      {
        name: 'jobs',
        vhost: '/',
        durable: true,
        auto_delete: false,
        arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 3 },
      },
    ])
  })
})
