// Live mode always tries to delete every scratch vhost it created: one refused delete must not leave
// the others behind, and what is left is reported (with the observation when the run itself worked).
// A stand-in management API answers here; tests/conformance/live-mode.conf.ts runs the real one.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseScenarioText } from '../../src/engine'
import { runPlanLive, ScratchLeftError } from '../../src/lab-core/live-run'
import { type HttpRequest, MgmtClient } from '../../src/lab-core/mgmt-client'
import { planFromScenario } from '../../src/lab-core/plan'

const plan = planFromScenario(
  parseScenarioText(readFileSync('tests/conformance/lab-kits/two-vhosts.json', 'utf8')),
  'two vhosts',
)

/** An API that accepts everything, holds nothing, and refuses the DELETEs listed. */
function fakeApi(refuseDelete: (path: string) => boolean, failOn?: (req: HttpRequest) => boolean) {
  const calls: string[] = []
  const client = new MgmtClient(async (req) => {
    calls.push(`${req.method} ${req.path}`)
    if (failOn?.(req)) throw new Error('network down')
    if (req.method === 'DELETE' && req.path.startsWith('/vhosts/') && refuseDelete(req.path))
      return { status: 503, text: '{"error":"unavailable","reason":"try later"}' }
    if (req.path === '/overview') return { status: 200, text: '{"rabbitmq_version":"3.10.8"}' }
    if (req.path === '/whoami') return { status: 200, text: '{"name":"me"}' }
    if (req.method === 'GET' && /^\/queues\/[^/]+\/./.test(req.path)) return { status: 404, text: '' }
    if (req.path.endsWith('/publish')) return { status: 200, text: '{"routed":false}' }
    return { status: req.method === 'GET' ? 200 : 201, text: req.method === 'GET' ? '[]' : '' }
  })
  return { client, calls }
}

describe('live mode clean-up', () => {
  it('deletes every scratch vhost even when the first delete is refused, and says what is left', async () => {
    const { client, calls } = fakeApi((path) => path === '/vhosts/lab-t')
    const err = await runPlanLive(plan, client, { scratch: 'lab-t', user: 'me' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ScratchLeftError)
    const left = err as ScratchLeftError
    expect(left.left.map((l) => l.vhost)).toEqual(['lab-t'])
    expect(left.left[0]?.error).toContain('503')
    // The run itself worked: its observation comes with the error.
    expect(left.observation?.kit).toBe('live')
    expect(left.cause).toBeNull()
    expect(calls.filter((c) => c.startsWith('DELETE /vhosts/'))).toEqual([
      'DELETE /vhosts/lab-t',
      'DELETE /vhosts/lab-t-1',
    ])
  })

  it('a run that failed still deletes every vhost, and its own error comes through', async () => {
    const { client, calls } = fakeApi(
      () => false,
      (req) => req.path.startsWith('/bindings/lab-f'),
    )
    await expect(runPlanLive(plan, client, { scratch: 'lab-f', user: 'me' })).rejects.toThrow('network down')
    expect(calls.filter((c) => c.startsWith('DELETE /vhosts/'))).toEqual([
      'DELETE /vhosts/lab-f',
      'DELETE /vhosts/lab-f-1',
    ])
  })

  it('both: the refused deletes are named and the run’s error is kept as the cause', async () => {
    const { client } = fakeApi(
      () => true,
      (req) => req.path.startsWith('/bindings/lab-b'),
    )
    const err = (await runPlanLive(plan, client, { scratch: 'lab-b', user: 'me' }).catch(
      (e) => e,
    )) as ScratchLeftError
    expect(err).toBeInstanceOf(ScratchLeftError)
    expect(err.left.map((l) => l.vhost)).toEqual(['lab-b', 'lab-b-1'])
    expect(err.observation).toBeNull()
    expect((err.cause as Error).message).toBe('network down')
  })
})
