/** The store with the real engine (in-thread): pipeline, last good run, undo/redo, asking before replacing. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runOperations } from '../../src/engine/scenario/run'
import { RunSession } from '../../src/engine/scenario/session'
import { parseScript } from '../../src/engine/script/parse'
import { createKeyStore } from '../../src/storage/key-store'
import { createPlaygroundStore } from '../../src/store/playground-store'
import { debounceFor, type EngineAccess } from '../../src/store/run-pipeline'
import { WORK_KEY } from '../../src/store/saved-work'
import {
  base64UrlDecode,
  base64UrlEncode,
  resolveScenarioUrl,
  ScenarioLinkError,
  scenarioJsonToScript,
} from '../../src/store/scenario-link'
import { quotaStorage } from './support/quota-storage'

const TOPOLOGY = 'exchange declare x topic\nqueue declare q\nbind q to x key "a.#"\npublish m1 to x key a.b\n'

function memoryStorage() {
  const storage = quotaStorage()
  return Object.assign(createKeyStore(storage), { data: storage.data })
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const s of stops.splice(0)) s()
})

/** The engine session in this thread (the app runs the same one in its Worker). */
function inThreadEngine(): EngineAccess {
  const session = new RunSession()
  return {
    update: async (text, have, opts) => session.update(text, have, opts),
    explain: async (generation, index) => session.explain(generation, index),
  }
}

function setup(text = TOPOLOGY) {
  const storage = memoryStorage()
  const store = createPlaygroundStore({
    storage,
    defaultText: text,
    saveDelayMs: 0,
    engine: inThreadEngine(),
  })
  store.getState().startRuns()
  return { store, storage }
}

const settle = async (store: ReturnType<typeof setup>['store']) => {
  for (let i = 0; i < 100 && (store.getState().busy || store.getState().run === null); i++)
    await new Promise((r) => setTimeout(r, 20))
}

describe('pipeline', () => {
  it('debounces typing but runs an asked-for publish at once', async () => {
    const { store } = setup()
    await settle(store)
    vi.useFakeTimers()
    try {
      const flush = async () => {
        for (let i = 0; i < 10; i++) await Promise.resolve()
      }
      // Typing: nothing runs until the debounce has passed.
      store.getState().appendLines(['publish m2 to x key a.c'])
      await vi.advanceTimersByTimeAsync(0)
      await flush()
      expect(store.getState().run?.result.queues).toEqual({ q: ['m1'] })
      await vi.advanceTimersByTimeAsync(debounceFor(store.getState().text))
      await flush()
      expect(store.getState().run?.result.queues).toEqual({ q: ['m1', 'm2'] })
      // A publish from the form runs without the debounce, and without waiting for a timer task at
      // all (no timer is advanced here): one action appends, runs and logs.
      expect(store.getState().publish({ vhost: '/', exchange: 'x', routing_key: 'a.d' })).toBe('m3')
      await flush()
      expect(store.getState().run?.result.queues).toEqual({ q: ['m1', 'm2', 'm3'] })
      expect(store.getState().text.endsWith('publish m3 to x key a.d\n')).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
  it('runs the text and keeps the last good run while the text has an error', async () => {
    const { store } = setup()
    await settle(store)
    expect(store.getState().run?.result.queues).toEqual({ q: ['m1'] })
    store.getState().setText(`${TOPOLOGY}bind q to x key "unterminated\n`)
    await new Promise((r) => setTimeout(r, 300))
    const s = store.getState()
    expect(s.parsed?.diagnostics[0]).toMatchObject({ code: 'unterminated-string', loc: { line: 5 } })
    expect(s.run?.result.queues).toEqual({ q: ['m1'] })
    expect(s.stale).toBe(true)
  })
  it('logs a publish and selects it; a typed publish line is not logged', async () => {
    const { store } = setup()
    await settle(store)
    store.getState().appendLines(['publish m2 to x key a.z'])
    await new Promise((r) => setTimeout(r, 300))
    expect(store.getState().log).toEqual([])
    store.getState().publish({ vhost: '/', exchange: 'x', routing_key: 'a' })
    await settle(store)
    const s = store.getState()
    expect(s.log.map((e) => [e.publish.id, e.publish.queues.map((q) => q.queue)])).toEqual([['m3', ['q']]])
    expect(s.selection).toEqual({ kind: 'run', index: 2 })
  })
  it('a publish in another vhost brings its vhost line', async () => {
    const { store } = setup()
    await settle(store)
    store.getState().publish({ vhost: 'shop', exchange: '', routing_key: 'k' })
    expect(store.getState().text.endsWith('vhost shop\npublish m2 to "" key k\n')).toBe(true)
    store.getState().publish({ vhost: 'shop', exchange: '', routing_key: 'k' })
    expect(
      store.getState().text.endsWith('vhost shop\npublish m2 to "" key k\npublish m3 to "" key k\n'),
    ).toBe(true)
  })
})

describe('editing', () => {
  it('undo and redo, coalescing quick typing', () => {
    const { store } = setup('a')
    const st = () => store.getState()
    st().setText('ab', 'coalesce')
    st().setText('abc', 'coalesce')
    st().appendLines(['queue declare z'])
    expect(st().text).toBe('abc\nqueue declare z\n')
    st().undo()
    expect(st().text).toBe('abc')
    st().undo()
    expect(st().text).toBe('a')
    st().redo()
    expect(st().text).toBe('abc')
  })
  it('persists only the text (with the text it was loaded as, and kept definitions), never derived state', async () => {
    const { store, storage } = setup()
    await settle(store)
    store.getState().setText('queue declare saved')
    await new Promise((r) => setTimeout(r, 20))
    expect(JSON.parse(storage.data.get(WORK_KEY) ?? '{}')).toEqual({
      version: 2,
      text: 'queue declare saved',
      kept: null,
      pristine: TOPOLOGY,
    })
  })
  it('asks before replacing unsaved work; declining keeps it', async () => {
    const { store } = setup()
    store.getState().setText('queue declare mine')
    const answer = store.getState().replaceWork('queue declare sample', { source: 'sample' })
    await Promise.resolve()
    expect(store.getState().confirm?.source).toBe('sample')
    store.getState().confirm?.resolve(false)
    expect(await answer).toBe(false)
    expect(store.getState().text).toBe('queue declare mine')
    const again = store.getState().replaceWork('queue declare sample', { source: 'sample' })
    await Promise.resolve()
    store.getState().confirm?.resolve(true)
    expect(await again).toBe(true)
    expect(store.getState().text).toBe('queue declare sample')
    // Unchanged since loading: no question the next time.
    expect(await store.getState().replaceWork('queue declare other', { source: 'sample' })).toBe(true)
  })
  it('a view-only link neither asks nor saves', async () => {
    const { store, storage } = setup()
    store.getState().setText('queue declare mine')
    await new Promise((r) => setTimeout(r, 20))
    expect(await store.getState().replaceWork('queue declare shared', { source: 'link', mode: 'view' })).toBe(
      true,
    )
    store.getState().setText('queue declare shared2')
    await new Promise((r) => setTimeout(r, 20))
    expect(JSON.parse(storage.data.get(WORK_KEY) ?? '{}').text).toBe('queue declare mine')
  })
})

describe('scenario links', () => {
  it('#scenario= base64url JSON → script text that parses to the scenario', () => {
    const scenario = {
      profile: 'rabbitmq-3.10',
      exchanges: [{ name: 'x', type: 'direct' }],
      queues: [{ name: '队列 "q"' }],
      bindings: [{ source: 'x', destination: '队列 "q"', destination_type: 'queue', routing_key: 'k' }],
      publishes: [{ id: 'm1', exchange: 'x', routing_key: 'k', headers: { n: { '!': 'long', value: 1 } } }],
    }
    const text = scenarioJsonToScript(base64UrlDecode(base64UrlEncode(JSON.stringify(scenario))))
    const parsed = parseScript(text)
    expect(parsed.diagnostics).toEqual([])
    expect(parsed.profile).toBe('rabbitmq-3.10')
    expect(runOperations(parsed.ops, parsed.profile).result.queues).toEqual({ '队列 "q"': ['m1'] })
  })
  it('clear errors for bad input', () => {
    expect(() => base64UrlDecode('a+b')).toThrow(ScenarioLinkError)
    expect(() => scenarioJsonToScript('{')).toThrow(expect.objectContaining({ kind: 'bad-json' }))
    expect(() => scenarioJsonToScript('{"exchanges": [{"name": 1}]}')).toThrow(/exchanges\[0\]\.name/)
    expect(() => resolveScenarioUrl('https://evil.example/x.json', 'http://127.0.0.1:4173/')).toThrow(
      expect.objectContaining({ kind: 'cross-origin' }),
    )
    expect(resolveScenarioUrl('scenarios/a.json', 'http://127.0.0.1:4173/app/?view=lessons').pathname).toBe(
      '/app/scenarios/a.json',
    )
  })
})

describe('saved work is the user’s', () => {
  it('after a reload, replacing saved work asks', async () => {
    const storage = memoryStorage()
    storage.write(WORK_KEY, JSON.stringify({ version: 2, text: 'queue declare saved', kept: null }))
    const store = createPlaygroundStore({ storage, defaultText: 'queue declare example' })
    expect(store.getState().hasUnsavedWork()).toBe(true)
    const answer = store.getState().replaceWork('queue declare other', { source: 'sample:x' })
    await Promise.resolve()
    expect(store.getState().confirm).not.toBeNull()
    store.getState().confirm?.resolve(false)
    expect(await answer).toBe(false)
  })
  it('an unchanged loaded case is not the user’s work after a reload; an edited one is', async () => {
    const storage = memoryStorage()
    const first = createPlaygroundStore({ storage, defaultText: 'queue declare example', saveDelayMs: 0 })
    expect(await first.getState().replaceWork('queue declare lesson', { source: 'link' })).toBe(true)
    await new Promise((r) => setTimeout(r, 5))
    const reloaded = createPlaygroundStore({ storage, defaultText: 'queue declare example', saveDelayMs: 0 })
    expect(reloaded.getState().text).toBe('queue declare lesson')
    expect(reloaded.getState().hasUnsavedWork()).toBe(false)
    reloaded.getState().setText('queue declare lesson\nqueue declare mine')
    await new Promise((r) => setTimeout(r, 5))
    const again = createPlaygroundStore({ storage, defaultText: 'queue declare example', saveDelayMs: 0 })
    expect(again.getState().hasUnsavedWork()).toBe(true)
  })
  it('leaving a view-only link: back restores the own work, edit-copy asks first', async () => {
    const storage = memoryStorage()
    const store = createPlaygroundStore({ storage, defaultText: 'queue declare example' })
    store.getState().setText('queue declare mine')
    await store.getState().replaceWork('queue declare shared', { source: 'share', mode: 'view' })
    expect(store.getState().mode).toBe('view')
    const copy = store.getState().leaveView('edit-copy')
    await Promise.resolve()
    store.getState().confirm?.resolve(false)
    expect(await copy).toBe(false)
    await store.getState().leaveView('back')
    expect(store.getState()).toMatchObject({ mode: 'edit', text: 'queue declare mine', ownWork: null })
  })
})
