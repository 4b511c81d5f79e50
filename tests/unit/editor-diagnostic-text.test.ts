/**
 * Diagnostics said in both languages from code and params: every code the parser can emit has its
 * own text, the Chinese texts carry no English outside `code`, typos get "did you mean", and broker
 * refusals name the missing entity with the declared name that was meant.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { diagnosticMessages } from '../../src/editor/diagnostic-messages'
import { DIAGNOSTIC_CODES, diagnosticText, hintText, outcomeText } from '../../src/editor/diagnostic-text'
import { parseScript, runOperations, scriptHints } from '../../src/engine'
import ResultTable from '../../src/explain/result-table'
import { format, type Params } from '../../src/i18n/messages'
import { strayLatin } from '../support/zh-latin'

const say = (lang: 'en' | 'zh-CN') => (key: keyof (typeof diagnosticMessages)['en'], p?: Params) =>
  format(diagnosticMessages[lang][key], p)
/** Latin words outside backticks that are not protocol terms. */
const latinOutsideCode = (s: string) => strayLatin(s.replace(/`[^`]*`/g, ''))

const TYPOS = [
  'bnid audit to study.orders',
  'exchange declare',
  'exchange declare x topic durabel',
  'queue declare q durable transient',
  'bind q ot x',
  'publish to x key k mandatory mandatory',
  'publish to x headers {a: 1, a: 2}',
  'publish to x headers {a: 1',
  'publish to x key "abc',
  'publish to x key "a\\qb"',
  'profile rabbitmq-5',
  'queue make q',
  'delete exchnge x',
  'publish to x key k extra',
  'publish to x headers {n: long}',
  'publish to x headers {n: 1e999}',
  'publish to x headers {a: 1 b: 2}',
  'vhost a b',
  'profile rabbitmq-4\nprofile teaching',
  `publish to x headers ${'{a: '.repeat(70)}1${'}'.repeat(70)}`,
]

describe('diagnosticText', () => {
  it('has its own text for every code the parser emits, and the examples reach every code', () => {
    const produced = new Set(TYPOS.map((l) => parseScript(l).diagnostics[0]?.code))
    expect([...produced].sort()).toEqual([...DIAGNOSTIC_CODES].sort())
  })

  it.each(TYPOS)('says %s in Chinese without English words, and in English', (line) => {
    const [d] = parseScript(line).diagnostics
    expect(d, line).toBeDefined()
    if (!d) return
    const zh = diagnosticText(d, say('zh-CN'))
    const en = diagnosticText(d, say('en'))
    expect(latinOutsideCode(zh), zh).toEqual([])
    expect(zh).not.toMatch(/\{[a-z]+\}/)
    expect(en).not.toMatch(/\{[a-z]+\}/)
    expect(en).not.toBe(zh)
  })

  it('suggests the keyword that was meant', () => {
    const [d] = parseScript('bnid audit to study.orders').diagnostics
    expect(diagnosticText(d as never, say('zh-CN'))).toBe(
      '未知语句 `bnid`。每一行应以这些词之一开头：`profile`、`vhost`、`exchange`、`queue`、`bind`、`unbind`、`delete`、`publish`、`expect`。你是不是想写 `bind`？',
    )
    expect(diagnosticText(d as never, say('en'))).toMatch(/Did you mean `bind`\?$/)
  })
})

describe('outcomeText and hintText', () => {
  const script = [
    'exchange declare study.orders topic',
    'exchange declare d direct',
    'queue declare audit',
    'bind audti to study.orders key "order.#"',
    'bind audit to d key "order.#"',
    'exchange declare y topics',
  ].join('\n')
  const parsed = parseScript(script)
  const run = runOperations(parsed.ops, parsed.profile)
  const failures = run.outcomes.filter((o) => !o.ok)
  const hints = scriptHints(parsed.ops, failures, run.topology)

  it('names the missing queue on its line and the declared one that was meant', () => {
    const bind = failures.find((o) => o.loc?.line === 4)
    expect(bind).toBeDefined()
    const zh = outcomeText(bind as never, hints, say('zh-CN'))
    expect(zh).toContain('vhost `/` 里没有队列 `audti`')
    expect(zh).toContain('你是不是想写 `audit`？')
    expect(zh).toContain('RabbitMQ 返回 404')
    expect(latinOutsideCode(zh)).toEqual([])
  })
  it('suggests the exchange type, and explains wildcards on a direct exchange', () => {
    const declare = failures.find((o) => o.loc?.line === 6)
    expect(outcomeText(declare as never, hints, say('en'))).toMatch(
      /`topics` is not an exchange type.*Did you mean `topic`\?/,
    )
    const direct = hints.find((h) => h.code === 'wildcard-on-direct')
    expect(direct?.loc.line).toBe(5)
    const zh = hintText(direct as never, say('zh-CN')) ?? ''
    expect(zh).toContain('只是普通字符')
    expect(latinOutsideCode(zh)).toEqual([])
  })
})

describe('the result table names the line of a refused operation', () => {
  it('says "line 4" for a script, not the operation index', () => {
    const parsed = parseScript(
      ['exchange declare x topic', 'queue declare q', '', 'bind q to nope key k'].join('\n'),
    )
    const run = runOperations(parsed.ops, parsed.profile)
    const html = renderToStaticMarkup(
      createElement(ResultTable, { run: { ...run, failures: run.outcomes.filter((o) => !o.ok) } }),
    )
    expect(run.result.errors[0]?.id).toBe('binding:2')
    expect(html).toMatch(/<tr data-error="binding:2" data-code="404">.*line 4: <code>NOT_FOUND - no exchange/)
    expect(html).not.toContain('binding:2:')
  })
})
