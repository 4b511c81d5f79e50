import { describe, expect, it, vi } from 'vitest'
import { BLOCKED_GLOBALS, lockDown, runJob } from '../../src/practice/sandbox/sandbox-core'
import { runInSandbox, type WorkerLike } from '../../src/practice/sandbox/sandbox-runner'

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
    expect(reply.kind).toBe('done')
    if (reply.kind !== 'done') return
    expect(reply.results.map((r) => r.ok && r.value)).toEqual([3, 7])
  })

  it('gives each call fresh copies of its arguments', () => {
    const code = 'function f(a) { a.push(1); return a.length }'
    const reply = runJob({ code, entry: 'f', calls: [[[]], [[]]] }, Function)
    expect(reply.kind === 'done' && reply.results.map((r) => r.ok && r.value)).toEqual([1, 1])
  })

  it('reports errors per call, not per run', () => {
    const code = 'function f(x) { if (x) throw new TypeError("bad " + x); return 0 }'
    const reply = runJob({ code, entry: 'f', calls: [[0], ['y']] }, Function)
    expect(reply).toMatchObject({
      kind: 'done',
      results: [
        { ok: true, value: 0 },
        { ok: false, error: 'TypeError: bad y' },
      ],
    })
  })

  it('rejects syntax errors, a missing entry, bad entry names and import', () => {
    expect(runJob({ code: 'function (', entry: 'f', calls: [] }, Function).kind).toBe('load-error')
    expect(runJob({ code: 'const g = 1', entry: 'f', calls: [] }, Function)).toEqual({
      kind: 'load-error',
      error: 'function f is not declared',
    })
    expect(runJob({ code: '', entry: 'a;b', calls: [] }, Function).kind).toBe('load-error')
    expect(runJob({ code: 'function f() { return import("x") }', entry: 'f', calls: [] }, Function)).toEqual({
      kind: 'load-error',
      error: 'import is not available in exercises (line 1, column 23; comments and strings are checked too)',
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
        { ok: true, value: 'important: import order matters', ms: expect.any(Number) },
        { ok: true, value: 'a', ms: expect.any(Number) },
      ],
    })
  })

  it('turns values that cannot be posted into strings', () => {
    const reply = runJob({ code: 'function f() { return () => 1 }', entry: 'f', calls: [[]] }, Function)
    expect(reply.kind === 'done' && typeof (reply.results[0] as { value: unknown }).value).toBe('string')
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

  it('posts the job once and resolves with the worker’s reply, then terminates it', async () => {
    const w = new FakeWorker()
    const pending = runInSandbox(job, { makeWorker: () => w, limitMs: 1000 })
    expect(w.posted).toEqual([job])
    w.onmessage?.({ data: { kind: 'done', results: [] } } as unknown as MessageEvent)
    await expect(pending).resolves.toEqual({ kind: 'done', results: [] })
    expect(w.terminate).toHaveBeenCalledTimes(1)
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
      w.onmessage?.({ data: { kind: 'done', results: [] } } as unknown as MessageEvent)
      expect(w.terminate).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('reports a worker that fails to start', async () => {
    const w = new FakeWorker()
    const pending = runInSandbox(job, { makeWorker: () => w })
    w.onerror?.({ message: 'SyntaxError in worker', preventDefault() {} } as ErrorEvent)
    await expect(pending).resolves.toEqual({ kind: 'load-error', error: 'SyntaxError in worker' })
  })
})
