// The session sends only the queues whose messages changed: a full queue that pushed its head out
// holds as many messages as before, yet other ones, and the client must get them.
import { describe, expect, it } from 'vitest'
import { applySessionRun, clientHas, parseScript, RunSession, runOperations } from '../../src/engine'

const HEAD = [
  'exchange declare orders direct',
  'exchange declare dlx fanout',
  'queue declare work args {x-max-length: 1, x-dead-letter-exchange: dlx}',
  'queue declare parking',
  'bind work to orders key new',
  'bind parking to dlx',
  'publish m1 to orders key new',
  '',
].join('\n')

describe('session queue contents', () => {
  it('sends a queue whose head was pushed out by an appended publish', () => {
    const session = new RunSession()
    let client = applySessionRun(null, session.update(HEAD, clientHas(null)))
    expect(client?.result.queues).toEqual({ work: ['m1'], parking: [] })
    const text = `${HEAD}publish m2 to orders key new\n`
    client = applySessionRun(client, session.update(text, clientHas(client)))
    expect(client?.result.queues).toEqual({ work: ['m2'], parking: ['m1'] })
  })

  it('names the publish each held message came from, also after a dead-lettering', () => {
    const text = `${HEAD}publish m2 to orders key new\n`
    const want = runOperations(parseScript(text).ops)
    expect(want.origins).toEqual({ work: [1], parking: [0] })
    const session = new RunSession()
    let client = applySessionRun(null, session.update(HEAD, clientHas(null)))
    client = applySessionRun(client, session.update(text, clientHas(client)))
    expect(client?.origins).toEqual(want.origins)
  })
})
