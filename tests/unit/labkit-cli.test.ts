// npm run labkit: a kit on stdout for a scenario file or a script, the diff for an observation,
// located errors and exit code 2 for bad input.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planFromScenario } from '../../src/lab-core/plan'
import { engineObservation } from './support/lab-observation'

const dir = mkdtempSync(join(tmpdir(), 'labkit-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function labkit(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/labkit.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('npm run labkit', () => {
  it('writes a kit for a scenario file and for a script', () => {
    const a = labkit(['kit', 'python', 'public/scenarios/homework-06.json'])
    expect(a.code).toBe(0)
    expect(a.stdout).toMatch(/^#!\/usr\/bin\/env python3\n/)
    const script = join(dir, 'hw.amqp.txt')
    writeFileSync(script, 'exchange declare x fanout\nqueue declare q\nbind q to x\npublish m1 to x key k\n')
    const b = labkit(['kit', 'http', script])
    expect(b.code).toBe(0)
    expect(b.stdout).toContain("publish 0 'm1' 'x' false")
  }, 60_000)

  it('compares an observation with the prediction', () => {
    const scenario = {
      profile: 'rabbitmq-3.10' as const,
      queues: [{ name: 'q' }],
      publishes: [{ id: 'm', exchange: '', routing_key: 'q' }],
    }
    const file = join(dir, 's.json')
    writeFileSync(file, JSON.stringify(scenario))
    const plan = planFromScenario(scenario, file)
    const obs = engineObservation(plan, plan)
    obs.queues.q = []
    writeFileSync(join(dir, 'o.json'), JSON.stringify(obs))
    const r = labkit(['compare', file, join(dir, 'o.json')])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ differences: 2, first: { kind: 'message', at: 'm' } })
  }, 60_000)

  it('refuses bad input with its location', () => {
    const bad = join(dir, 'bad.amqp.txt')
    writeFileSync(bad, 'queue declare q\nbind q to\n')
    const r = labkit(['kit', 'node', bad])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/bad\.amqp\.txt: line 2, column \d+: /)
    expect(labkit(['kit', 'ruby', bad]).code).toBe(2)
    writeFileSync(join(dir, 'x.json'), '{"format": 1}')
    const c = labkit(['compare', 'public/scenarios/homework-06.json', join(dir, 'x.json')])
    expect(c.code).toBe(2)
    expect(c.stderr).toContain('format: expected "amqp-lab-observation"')
  }, 60_000)
})
