/** The playground store's analysis pipeline with the real analysis in-thread (the app runs it in a Worker). */
import { afterEach, describe, expect, it } from 'vitest'
import { createKeyStore } from '../../src/storage/key-store'
import { type AnalysisAccess, analysisPause, earlierText } from '../../src/store/analysis-pipeline'
import { createPlaygroundStore } from '../../src/store/playground-store'
import { analyzeText } from '../../src/worker/analysis-api'
import { quotaStorage } from './support/quota-storage'

const HOMEWORK_03 = `exchange declare orders topic
queue declare audit
queue declare points
bind audit to orders key "order.#"
bind points to orders key "*.paid"
expect "order.#" reaches audit
expect nothing but "payment.*" reaches points
`

const stops: (() => void)[] = []
afterEach(() => {
  for (const s of stops.splice(0)) s()
})

function setup(text: string, access?: AnalysisAccess) {
  const calls: (string | null)[] = []
  let cancels = 0
  const analysis: AnalysisAccess = access ?? {
    analyze: async (t, before) => {
      calls.push(before)
      return analyzeText(t, before)
    },
    cancel: () => {
      cancels++
    },
  }
  const store = createPlaygroundStore({
    storage: createKeyStore(quotaStorage()),
    defaultText: text,
    saveDelayMs: 0,
    analysis,
  })
  store.getState().startRuns()
  return { store, calls, cancels: () => cancels }
}

type Store = ReturnType<typeof setup>['store']
async function settled(store: Store) {
  for (let i = 0; i < 200; i++) {
    const s = store.getState()
    if (!s.analysisBusy && s.analysis?.text === s.text) return s.analysis
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error('the analysis did not settle')
}

describe('analysis pipeline', () => {
  it('checks the expect lines and lints, with the text of each line', async () => {
    const { store } = setup(HOMEWORK_03)
    const a = await settled(store)
    expect(a.requirements.map((r) => [r.loc?.line, r.holds])).toEqual([
      [6, true],
      [7, false],
    ])
    expect(a.requirements[1]?.counterexample).toMatchObject({
      routing_key: 'other.paid',
      reached: ['points'],
    })
    expect(a.requirementLines[1]).toBe('expect nothing but "payment.*" reaches points')
    expect(a.findings.length).toBeGreaterThan(0)
    a.findings.forEach((f, i) => {
      if (f.loc) expect(a.findingLines[i]).toBe(HOMEWORK_03.split('\n')[f.loc.line - 1])
    })
  })

  it('keeps the last analysis while the text does not parse, and follows an edit', async () => {
    const { store } = setup(HOMEWORK_03)
    await settled(store)
    store.getState().setText(`${HOMEWORK_03}bind points to\n`)
    for (let i = 0; i < 100 && store.getState().analysisBusy; i++) await new Promise((r) => setTimeout(r, 10))
    expect(store.getState().analysis?.text).toBe(HOMEWORK_03)
    store.getState().setText(HOMEWORK_03.replace('"*.paid"', '"payment.paid"'))
    const a = await settled(store)
    expect(a.requirements[1]?.holds).toBe(true)
  })

  it('waits about as long as the last analysis took before the next one (60–400 ms)', () => {
    expect(analysisPause('x'.repeat(60_000), null)).toBe(120)
    expect(analysisPause('x'.repeat(300_000), null)).toBe(400)
    expect(analysisPause('x', 95.4)).toBe(95)
    expect(analysisPause('x', 3)).toBe(60)
    expect(analysisPause('x', 2_500)).toBe(400)
  })

  it('cancels the call in flight when a newer text arrives', async () => {
    let release: (() => void) | null = null
    let cancels = 0
    const { store } = setup(HOMEWORK_03, {
      analyze: (t, b) =>
        new Promise((resolve, reject) => {
          release = () => resolve(analyzeText(t, b))
          void reject
        }),
      cancel: () => {
        cancels++
      },
    })
    await new Promise((r) => setTimeout(r, 5))
    expect(release).not.toBeNull()
    store.getState().setText(`${HOMEWORK_03}queue declare extra\n`)
    await new Promise((r) => setTimeout(r, 200))
    expect(cancels).toBe(1)
  })

  it('compares with an earlier version from the undo history: the gained destination and its witness', async () => {
    const before =
      'exchange declare orders topic\nqueue declare audit\nqueue declare notify\nbind audit to orders key "order.#"\n'
    const { store } = setup(before)
    await settled(store)
    store.getState().setText(`${before}bind notify to orders key "order.created"\n`)
    await settled(store)
    const s = store.getState()
    const earlier = earlierText(s.text, s.past, 1)
    expect(earlier).toBe(before)
    s.setCompare({ kind: 'version', steps: 1, text: earlier ?? '' })
    const a = await settled(store)
    expect(a.compareId).toBe(store.getState().compare?.id)
    expect(a.diff?.changes).toEqual([
      expect.objectContaining({
        exchange: 'orders',
        destination: 'notify',
        change: 'gained',
        witness: expect.objectContaining({ routing_key: 'order.created' }),
      }),
    ])
  })

  it('says where a compared file cannot be read', async () => {
    const { store } = setup(HOMEWORK_03)
    await settled(store)
    store.getState().setCompare({ kind: 'file', name: 'bad.json', text: '{"exchanges": 3}' })
    for (let i = 0; i < 100 && store.getState().analysis?.compareId !== store.getState().compare?.id; i++)
      await new Promise((r) => setTimeout(r, 10))
    expect(store.getState().analysis?.diff).toBeNull()
    expect(store.getState().analysis?.diffError?.where).toBe('exchanges')
  })
})
