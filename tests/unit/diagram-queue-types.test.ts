/**
 * Queue types on the diagram and in the playground's forms: classic, quorum and stream drawn with
 * three shapes and a type word; the queue form's x-queue-type; the profile switch's script edit.
 */
import { describe, expect, it } from 'vitest'
import { drawnQueueTypes } from '../../src/diagram/queue-type-legend'
import { buildTopology } from '../../src/diagram/to-mermaid'
import { parseScript, runOperations } from '../../src/engine'
import { EMPTY_QUEUE_ARGS, queueArgs, queueArgsProblem } from '../../src/playground/queue-args-fields'
import { withProfileLine } from '../../src/store/script-text'

const SCRIPT = `profile rabbitmq-4.0
exchange declare in fanout
queue declare plain
queue declare jobs args {x-queue-type: quorum, x-delivery-limit: 3}
queue declare log args {x-queue-type: stream}
queue declare old args {x-queue-type: classic}
bind plain to in
bind jobs to in
bind log to in
bind old to in
`
const run = runOperations(parseScript(SCRIPT).ops, 'rabbitmq-4.0')

/** The Mermaid statement of the queue node `name`. */
function queueLine(text: string, model: ReturnType<typeof buildTopology>, name: string): string {
  const id = model.ids.queue.get(name) ?? '??'
  return text.split('\n').find((l) => l.startsWith(`  ${id}[`) || l.startsWith(`  ${id}@`)) ?? ''
}

describe('diagram: queue types', () => {
  const model = buildTopology(run.topology, null)
  it('draws a classic queue as the cylinder with its name only (with or without x-queue-type classic)', () => {
    expect(queueLine(model.text, model, 'plain')).toMatch(/^ {2}q_\d+\[\("plain"\)\]$/)
    expect(queueLine(model.text, model, 'old')).toMatch(/^ {2}q_\d+\[\("old"\)\]$/)
  })
  it('draws a quorum queue as a lined cylinder and a stream as a lying one, each with its type word', () => {
    expect(queueLine(model.text, model, 'jobs')).toMatch(
      /^ {2}q_\d+@\{ shape: lin-cyl, label: "jobs<br\/>quorum" \}$/,
    )
    expect(queueLine(model.text, model, 'log')).toMatch(
      /^ {2}q_\d+@\{ shape: h-cyl, label: "log<br\/>stream" \}$/,
    )
  })
  it('says the type word in the diagram language, and escapes hostile names inside the new shapes', () => {
    const zh = buildTopology(run.topology, null, { labels: { quorumQueue: '仲裁队列', streamQueue: '流' } })
    const decoded = (l: string) => l.replace(/#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    expect(decoded(queueLine(zh.text, zh, 'jobs'))).toContain('label: "jobs<br/>仲裁队列"')
    expect(decoded(queueLine(zh.text, zh, 'log'))).toContain('label: "log<br/>流"')
    const hostile = runOperations(
      parseScript('queue declare "a\\" } x@{ shape: rect }" args {x-queue-type: quorum}\n').ops,
      'rabbitmq-4.0',
    )
    const m = buildTopology(hostile.topology, null)
    const line = queueLine(m.text, m, 'a" } x@{ shape: rect }')
    // the label stays one quoted string: no quote, brace or @ of the name reaches Mermaid as syntax
    expect(line).toMatch(/^ {2}q_0@\{ shape: lin-cyl, label: "[^"{}@]*" \}$/)
  })
  it('names the types drawn, for the legend (only the drawn vhost, in legend order)', () => {
    expect(drawnQueueTypes(run.topology, model)).toEqual(['classic', 'quorum', 'stream'])
    const classicOnly = runOperations(parseScript('queue declare a\n').ops)
    expect(drawnQueueTypes(classicOnly.topology, buildTopology(classicOnly.topology, null))).toEqual([
      'classic',
    ])
  })
})

describe('queue form: the queue type', () => {
  it('adds x-queue-type, and a delivery limit only for a quorum queue, a max age only for a stream', () => {
    const d = { ...EMPTY_QUEUE_ARGS, deliveryLimit: '5', maxAge: '7D' }
    expect(queueArgs(d)).toEqual({})
    expect(queueArgs({ ...d, queueType: 'quorum' })).toEqual({
      'x-queue-type': 'quorum',
      'x-delivery-limit': 5,
    })
    expect(queueArgs({ ...d, queueType: 'stream' })).toEqual({ 'x-queue-type': 'stream', 'x-max-age': '7D' })
    expect(queueArgs({ ...d, queueType: 'classic' })).toEqual({ 'x-queue-type': 'classic' })
  })
  it('refuses a delivery limit that is not a whole number, only when it is sent', () => {
    const d = { ...EMPTY_QUEUE_ARGS, deliveryLimit: 'x' }
    expect(queueArgsProblem(d)).toBeNull()
    expect(queueArgsProblem({ ...d, queueType: 'quorum' })).toEqual({ field: 'deliveryLimit', value: 'x' })
  })
})

describe('profile switch: the script’s profile line', () => {
  it('rewrites the first profile line in place, keeping its comment and the rest of the text', () => {
    const text = 'queue declare a\n  profile rabbitmq-3.10   // broker under test\nqueue declare b\n'
    expect(withProfileLine(text, 'rabbitmq-4.0')).toBe(
      'queue declare a\n  profile rabbitmq-4.0   // broker under test\nqueue declare b\n',
    )
    expect(parseScript(withProfileLine(text, 'rabbitmq-4.0')).profile).toBe('rabbitmq-4.0')
  })
  it('adds a first line when there is none', () => {
    expect(withProfileLine('queue declare a\n', 'rabbitmq-3.10')).toBe(
      'profile rabbitmq-3.10\nqueue declare a\n',
    )
    expect(withProfileLine('', 'rabbitmq-4')).toBe('profile rabbitmq-4\n')
  })
  it('does not take a word "profile" inside a line for the statement', () => {
    const text = 'queue declare profile\npublish m1 to "" key profile\n'
    expect(withProfileLine(text, 'rabbitmq-3.10')).toBe(`profile rabbitmq-3.10\n${text}`)
  })
})
