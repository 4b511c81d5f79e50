// Generated kits are valid programs in their language even for hostile names (the conformance suite
// runs them against a real broker; this catches a broken generator in a second). Java's compiler is
// too slow for the unit run: tests/conformance/lab-kits.conf.ts compiles every Java kit.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseScenarioText } from '../../src/engine'
import { httpKit } from '../../src/lab-core/kit-http'
import { javaKit } from '../../src/lab-core/kit-java'
import { nodeKit } from '../../src/lab-core/kit-node'
import { pythonKit } from '../../src/lab-core/kit-python'
import { planFromScenario, planFromSimSteps } from '../../src/lab-core/plan'

const plan = planFromScenario(
  parseScenarioText(readFileSync('tests/conformance/lab-kits/hostile-names.json', 'utf8')),
  'hostile "title" \\ */ \n $x',
)
const dir = mkdtempSync(join(tmpdir(), 'labkit-unit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function check(file: string, text: string, cmd: string, args: string[]) {
  writeFileSync(join(dir, file), text)
  const out = spawnSync(cmd, [...args, join(dir, file)], { encoding: 'utf8' })
  expect(out.stderr, `${file} does not parse`).toBe('')
  expect(out.status).toBe(0)
}

describe('kit generators', () => {
  it('node: parses', () => check('kit.mjs', nodeKit(plan), process.execPath, ['--check']))
  it('python: compiles', () => check('kit.py', pythonKit(plan), '/usr/bin/python3', ['-m', 'py_compile']))
  it('bash: parses', () => check('kit.sh', httpKit(plan), 'bash', ['-n']))

  it('every kit is ASCII, names its settings and writes no credentials', () => {
    for (const text of [nodeKit(plan), pythonKit(plan), javaKit(plan), httpKit(plan)]) {
      expect(text).toMatch(/^[\t\n -~]*$/)
      expect(text).toContain('RABBITMQ_MANAGEMENT_URL')
      expect(text).toContain('LAB_KEEP=1')
      expect(text).toContain(plan.fingerprint)
      expect(text).not.toMatch(/(amqp|https?):\/\/[^/\s'"]*:[^/\s'"]*@/) // no user:password@ URL
    }
  })

  it('the title cannot escape its comment line', () => {
    for (const text of [nodeKit(plan), pythonKit(plan), javaKit(plan), httpKit(plan)])
      expect(text).toContain('Lab kit')
    expect(javaKit(plan)).toContain('hostile "title" ? */ ? $x')
  })
})

// Policy steps: names, patterns and definitions are data too (a pattern is full of backslashes).
const late = JSON.parse(readFileSync('tests/conformance/lab-kits/policies-late.json', 'utf8'))
const policyPlan = planFromSimSteps(
  [
    ...late.steps,
    {
      op: 'policy.set',
      policy: {
        name: `p'"\\$\`{x}\u2028`,
        pattern: `^(a|b)\\.[^'"$]+\\x{e9}$`,
        definition: { 'alternate-exchange': `ae'"$`, 'max-length': 3, 'ha-params': ['x', 1.5, null, true] },
      },
    },
  ],
  { title: 'policies' },
)

describe('kit generators with policy steps', () => {
  it('node: parses', () => check('policy.mjs', nodeKit(policyPlan), process.execPath, ['--check']))
  it('python: compiles', () =>
    check('policy.py', pythonKit(policyPlan), '/usr/bin/python3', ['-m', 'py_compile']))
  it('bash: parses', () => check('policy.sh', httpKit(policyPlan), 'bash', ['-n']))
  it('every kit sets, clears and waits for policies, in ASCII', () => {
    for (const text of [
      nodeKit(policyPlan),
      pythonKit(policyPlan),
      javaKit(policyPlan),
      httpKit(policyPlan),
    ]) {
      expect(text).toMatch(/^[\t\n -~]*$/)
      expect(text).toMatch(/set_?[pP]olicy/)
      expect(text).toMatch(/clear_?[pP]olicy/)
      expect(text).toContain('disable_stats=true')
    }
  })
})
