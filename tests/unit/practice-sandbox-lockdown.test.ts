// The sandbox Worker's first layer, in Node: capabilities deleted along the prototype chain, results
// refused early when too large, and a Worker source that is self-contained (runs in a bare context).
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { FRAME_CSP, frameHtml } from '../../src/practice/sandbox/frame-html'
import { SANDBOX_LIMITS } from '../../src/practice/sandbox/protocol'
import { BLOCKED_GLOBALS, boundedJson, lockDown } from '../../src/practice/sandbox/sandbox-core'
import { workerSource } from '../../src/practice/sandbox/worker-program'

/** A stand-in for a Worker's global: capabilities live on prototypes, as in a browser. */
function fakeScope() {
  class EventTargetLike {
    addEventListener() {}
  }
  class WorkerGlobalScopeLike extends EventTargetLike {
    fetch() {
      return 'network'
    }
    importScripts() {
      return 'code'
    }
    get indexedDB() {
      return 'storage'
    }
    get caches() {
      return 'storage'
    }
  }
  class DedicatedLike extends WorkerGlobalScopeLike {
    postMessage() {
      return 'posted'
    }
  }
  class NavigatorLike {
    get storage() {
      return 'storage'
    }
    get locks() {
      return 'locks'
    }
  }
  const scope = new DedicatedLike() as unknown as Record<string, unknown>
  scope.WebSocket = class {}
  scope.navigator = new NavigatorLike()
  scope.setTimeout = (fn: unknown) => (typeof fn === 'function' ? 'scheduled' : 'evaluated a string')
  return { scope, WorkerGlobalScopeLike, DedicatedLike, NavigatorLike }
}

describe('lockDown', () => {
  it('deletes capabilities from every prototype, so fetch-through-the-prototype finds nothing', () => {
    const { scope, WorkerGlobalScopeLike, DedicatedLike, NavigatorLike } = fakeScope()
    lockDown(scope, false)
    expect(Object.getOwnPropertyDescriptor(WorkerGlobalScopeLike.prototype, 'fetch')).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(WorkerGlobalScopeLike.prototype, 'indexedDB')).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(DedicatedLike.prototype, 'postMessage')).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(NavigatorLike.prototype, 'storage')).toBeUndefined()
    expect((scope.navigator as { storage?: unknown }).storage).toBeUndefined()
    for (const name of BLOCKED_GLOBALS)
      expect(() => (scope[name] as () => void)(), name).toThrow(`${name} is not available`)
    // the stubs cannot be replaced with the real thing
    expect(() => {
      scope.fetch = () => 'network'
    }).toThrow()
  })

  it('timers take functions only (a string would be evaluated like eval)', () => {
    const { scope } = fakeScope()
    lockDown(scope, false)
    const setTimeout = scope.setTimeout as (fn: unknown) => unknown
    expect(setTimeout(() => 1)).toBe('scheduled')
    expect(() => setTimeout('import("http://127.0.0.1/")')).toThrow(
      'setTimeout with a string is not available',
    )
  })
})

describe('boundedJson', () => {
  it('refuses a 2e8-character string without writing it', () => {
    const r = boundedJson('x'.repeat(200_000_000), SANDBOX_LIMITS.callChars)
    expect(r).toEqual({ error: expect.stringMatching(/too large/), tooLarge: true })
  })

  it('stops reading a huge array after about as many elements as the budget allows', () => {
    let reads = 0
    const huge = new Proxy(new Array(10_000_000).fill(1), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver)
      },
    })
    expect(boundedJson(huge, SANDBOX_LIMITS.callChars)).toMatchObject({ tooLarge: true })
    expect(reads).toBeLessThan(SANDBOX_LIMITS.callChars / 20)
  })

  it('counts escapes too, and keeps ordinary values exact', () => {
    expect(boundedJson('\u0001'.repeat(50_000), 100_000)).toMatchObject({ tooLarge: true })
    expect(boundedJson({ a: [1, 'b', true, null] }, 1000)).toEqual({ json: '{"a":[1,"b",true,null]}' })
    expect(boundedJson(undefined, 10)).toEqual({ json: null })
  })
})

describe('the Worker source', () => {
  it('is self-contained: it runs in a bare context, locks it down and answers one job', () => {
    const posted: unknown[] = []
    const { scope, WorkerGlobalScopeLike } = fakeScope()
    scope.postMessage = (m: unknown) => posted.push(m)
    const context = { self: scope, performance, structuredClone }
    runInNewContext(workerSource(), context)
    expect(posted).toEqual([{ kind: 'ready' }])
    const code =
      'function f(u) { try { return WorkerGlobalScopeLike.prototype.fetch.call(self, u) } catch (e) { return String(e) } }'
    ;(scope.onmessage as (e: unknown) => void)({
      data: {
        code: code.replace('WorkerGlobalScopeLike', 'Object.getPrototypeOf(Object.getPrototypeOf(self))'),
        entry: 'f',
        calls: [['http://x/']],
        limits: SANDBOX_LIMITS,
      },
    })
    expect(posted[1]).toEqual({
      kind: 'done',
      results: [{ ok: true, json: expect.stringMatching(/TypeError/), ms: expect.any(Number) }],
    })
    expect(WorkerGlobalScopeLike.prototype).not.toHaveProperty('fetch')
  })
})

describe('the sandbox frame', () => {
  it('carries a policy that refuses every URL but blob: workers', () => {
    expect(FRAME_CSP).toMatch(/default-src 'none'/)
    expect(FRAME_CSP).toMatch(/connect-src 'none'/)
    expect(FRAME_CSP).toMatch(/worker-src blob:/)
    expect(FRAME_CSP).not.toMatch(/https?:|\*/)
    const html = frameHtml()
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">`)
    expect(html.match(/<script>/g)).toHaveLength(1)
  })
})
