import { describe, expect, it, vi } from 'vitest'
import type { WorkerLike } from '../../src/practice/sandbox/frame-host'
import { SANDBOX_LIMITS } from '../../src/practice/sandbox/protocol'
import { BLOCKED_GLOBALS, lockDown, runJob } from '../../src/practice/sandbox/sandbox-core'
import { runInSandbox } from '../../src/practice/sandbox/sandbox-runner'

const values = (reply: ReturnType<typeof runJob>) =>
  reply.kind === 'done'
    ? reply.results.map((r) => (r.ok ? (r.json === null ? undefined : JSON.parse(r.json)) : r))
    : reply

describe('sandbox core', () => {
  it('calls the entry once per argument list and returns plain values', () => {
    const reply = runJob(
      {
        code: 'function add(a, b) { return a + b }',
        entry: 'add',
        calls: [
          [1, 2],
          [3, 4],
        ],
      },
      Function,
    )
    expect(values(reply)).toEqual([3, 7])
  })

  it('gives each call fresh copies of its arguments', () => {
    const code = 'function f(a) { a.push(1); return a.length }'
    const reply = runJob({ code, entry: 'f', calls: [[[]], [[]]] }, Function)
    expect(values(reply)).toEqual([1, 1])
  })

  it('reports errors per call, not per run', () => {
    const code = 'function f(x) { if (x) throw new TypeError("bad " + x); return 0 }'
    const reply = runJob({ code, entry: 'f', calls: [[0], ['y']] }, Function)
    expect(reply).toMatchObject({
      kind: 'done',
      results: [
        { ok: true, json: '0' },
        { ok: false, error: 'TypeError: bad y' },
      ],
    })
  })

  it('rejects syntax errors, a missing entry, bad entry names and import', () => {
    expect(runJob({ code: 'function (', entry: 'f', calls: [] }, Function).kind).toBe('load-error')
    expect(runJob({ code: 'const g = 1', entry: 'f', calls: [] }, Function)).toEqual({
      kind: 'load-error',
      error: 'function f is not declared',
      why: { code: 'not-declared', entry: 'f' },
    })
    expect(runJob({ code: '', entry: 'a;b', calls: [] }, Function).kind).toBe('load-error')
    expect(runJob({ code: 'function f() { return import("x") }', entry: 'f', calls: [] }, Function)).toEqual({
      kind: 'load-error',
      error: 'import is not available in exercises (line 1, column 23; comments and strings are checked too)',
      why: { code: 'import', line: 1, column: 23 },
    })
    const meta = runJob(
      { code: 'function f() {\n  return import . meta\n}', entry: 'f', calls: [] },
      Function,
    )
    expect(meta).toMatchObject({ kind: 'load-error', error: expect.stringContaining('line 2, column 10') })
    // A static import is a syntax error in a function body: refused by the compiler, not the text check.
    const staticImport = runJob(
      { code: 'import x from "y"\nfunction f() {}', entry: 'f', calls: [] },
      Function,
    )
    expect(staticImport.kind).toBe('load-error')
    expect(staticImport.kind === 'load-error' && staticImport.error).toMatch(/^SyntaxError/)
  })

  it('accepts code whose comments and strings merely mention importing', () => {
    const code = [
      '// We import nothing: the rules are written out below.',
      'function f(key) {',
      '  const note = "important: import order matters"',
      '  return key.startsWith("import") ? note : key',
      '}',
    ].join('\n')
    expect(runJob({ code, entry: 'f', calls: [['import.x'], ['a']] }, Function)).toEqual({
      kind: 'done',
      results: [
        { ok: true, json: '"important: import order matters"', ms: expect.any(Number) },
        { ok: true, json: '"a"', ms: expect.any(Number) },
      ],
    })
  })

  it('sends values back as JSON; what JSON cannot hold is dropped or named', () => {
    const code = 'function f(x) { return [() => 1, undefined, 10n, new Set([1])][x] }'
    expect(values(runJob({ code, entry: 'f', calls: [[0], [1], [2], [3]] }, Function))).toEqual([
      undefined,
      undefined,
      '10n',
      {},
    ])
    const cyclic = runJob(
      { code: 'function f() { const a = []; a.push(a); return a }', entry: 'f', calls: [[]] },
      Function,
    )
    expect(cyclic).toMatchObject({
      kind: 'done',
      results: [{ ok: false, error: expect.stringMatching(/^the value cannot be sent back: TypeError/) }],
    })
  })

  it('lockDown replaces network and code-loading globals with throwing stubs', () => {
    const scope: Record<string, unknown> = {
      fetch: () => 'net',
      XMLHttpRequest: class {},
      importScripts: () => 0,
    }
    lockDown(scope, false)
    for (const name of BLOCKED_GLOBALS) {
      expect(() => (scope[name] as () => void)(), name).toThrow(`${name} is not available`)
    }
  })
})

class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  posted: unknown[] = []
  terminate = vi.fn()
  postMessage(message: unknown) {
    this.posted.push(message)
  }
}

describe('sandbox runner protocol', () => {
  const job = { code: 'function f() {}', entry: 'f', calls: [[]] }
  const done = { kind: 'done', results: [{ ok: true, json: '1', ms: 0 }] }

  it('posts the job once and resolves with the worker’s reply, then terminates it', async () => {
    const w = new FakeWorker()
    const pending = runInSandbox(job, { makeWorker: () => w, limitMs: 1000 })
    expect(w.posted).toEqual([{ ...job, limits: SANDBOX_LIMITS }])
    w.onmessage?.({ data: done } as unknown as MessageEvent)
    await expect(pending).resolves.toEqual(done)
    expect(w.terminate).toHaveBeenCalledTimes(1)
  })

  it('refuses a reply with the wrong shape or over the limits (learner code may have sent it)', async () => {
    const bad = [
      { kind: 'done', results: [] },
      { kind: 'done', results: [{ ok: true, value: 1, ms: 0 }] },
      { kind: 'done', results: [{ ok: true, json: 'x'.repeat(SANDBOX_LIMITS.callChars + 1), ms: 0 }] },
      { kind: 'load-error', error: 'x'.repeat(10_000) },
      'done',
    ]
    for (const data of bad) {
      const w = new FakeWorker()
      const pending = runInSandbox(job, { makeWorker: () => w })
      w.onmessage?.({ data } as unknown as MessageEvent)
      await expect(pending).resolves.toEqual({
        kind: 'load-error',
        error: 'the sandbox sent back a reply it may not send',
        why: { code: 'bad-reply' },
      })
    }
  })

  it('starts the clock when the sandbox is ready, not when it is created', async () => {
    vi.useFakeTimers()
    try {
      let ready: () => void = () => {}
      const w = Object.assign(new FakeWorker(), { ready: new Promise<void>((r) => (ready = r)) })
      const pending = runInSandbox(job, { makeWorker: () => w, limitMs: 1000 })
      await vi.advanceTimersByTimeAsync(5000)
      expect(w.posted).toEqual([])
      ready()
      await vi.advanceTimersByTimeAsync(999)
      expect(w.posted).toHaveLength(1)
      expect(w.terminate).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      await expect(pending).resolves.toEqual({ kind: 'timeout', ms: 1000 })
    } finally {
      vi.useRealTimers()
    }
  })

  it('terminates a worker that does not answer in time and reports a timeout', async () => {
    vi.useFakeTimers()
    try {
      const w = new FakeWorker()
      const pending = runInSandbox(job, { makeWorker: () => w, limitMs: 2500 })
      vi.advanceTimersByTime(2499)
      expect(w.terminate).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      await expect(pending).resolves.toEqual({ kind: 'timeout', ms: 2500 })
      expect(w.terminate).toHaveBeenCalledTimes(1)
      // a late reply is ignored
      w.onmessage?.({ data: done } as unknown as MessageEvent)
      expect(w.terminate).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('reports a worker that fails to start', async () => {
    const w = new FakeWorker()
    const pending = runInSandbox(job, { makeWorker: () => w })
    w.onerror?.({ message: 'SyntaxError in worker', preventDefault() {} } as ErrorEvent)
    await expect(pending).resolves.toEqual({
      kind: 'load-error',
      error: 'SyntaxError in worker',
      why: { code: 'no-start' },
    })
  })
})
