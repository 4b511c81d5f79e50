// Every lint rule is documented in docs/analysis.md, and every ```amqp lint:RULE example there
// produces that finding (and its witness, if any, routes as the finding says).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { analysisBroker, LINT_RULES, lintTopology, parseScript } from '../../src/engine'

const doc = readFileSync('docs/analysis.md', 'utf8')
const examples = [...doc.matchAll(/```amqp lint:([a-z-]+)\n([\s\S]*?)```/g)].map((m) => ({
  rule: m[1] as string,
  text: m[2] as string,
}))

describe('lint rules', () => {
  it('are all documented with severity', () => {
    for (const [rule, { severity }] of Object.entries(LINT_RULES))
      expect(doc).toMatch(new RegExp(`\\| \`${rule}\` +\\| ${severity} +\\|`))
  })

  it.each(examples)('the documented example of $rule finds it', ({ rule, text }) => {
    const parsed = parseScript(text)
    expect(parsed.diagnostics).toEqual([])
    const { findings } = lintTopology(analysisBroker(parsed.ops, 'rabbitmq-4'))
    const f = findings.find((x) => x.rule === rule)
    expect(f, `${rule} in ${JSON.stringify(findings.map((x) => x.rule))}`).toBeDefined()
    expect(f?.message.zh).toMatch(/[\u4e00-\u9fff]/)
    expect(f?.loc?.line).toBeGreaterThan(0)
  })

  it('has an example for at least six rules', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6)
  })

  it('a clean topology has no warning or error', () => {
    const text =
      'exchange declare orders topic\nqueue declare audit\nqueue declare notify\nbind audit to orders key "order.#"\nbind notify to orders key "order.created"\n'
    const { findings } = lintTopology(analysisBroker(parseScript(text).ops, 'rabbitmq-4'))
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([])
  })

  it('the redundant one of two equal bindings is the later one, never both', () => {
    const text = 'exchange declare f fanout\nqueue declare q\nbind q to f key "a"\nbind q to f key "b"\n'
    const { findings } = lintTopology(analysisBroker(parseScript(text).ops, 'rabbitmq-4'))
    const redundant = findings.filter((f) => f.rule === 'binding-redundant')
    expect(redundant.map((f) => f.subject.binding?.routing_key)).toEqual(['b'])
  })
})
