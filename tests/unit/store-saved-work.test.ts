/** Saved work: migrations from frozen fixtures; corrupt or newer saves kept aside, never lost. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseScript } from '../../src/engine/script/parse'
import { createKeyStore } from '../../src/storage/key-store'
import {
  CURRENT_VERSION,
  loadWork,
  migrate,
  RESCUE_PREFIX,
  saveWork,
  WORK_KEY,
} from '../../src/store/saved-work'
import { quotaStorage } from './support/quota-storage'

const fixture = (name: string) => readFileSync(`tests/fixtures/store/${name}`, 'utf8')

const memoryStorage = (initial: Record<string, string> = {}) => {
  const storage = quotaStorage(initial)
  return Object.assign(createKeyStore(storage), { data: storage.data })
}
const fixedNow = () => new Date('2026-11-29T12:00:00.000Z')

describe('migrate', () => {
  it('upgrades version 1 (script + ignored sections)', () => {
    const { work, from } = migrate(JSON.parse(fixture('work-v1.json')))
    expect(from).toBe(1)
    expect(work.version).toBe(CURRENT_VERSION)
    expect(parseScript(work.text).diagnostics).toEqual([])
    expect(parseScript(work.text).ops).toHaveLength(4)
    expect(work.kept?.sections.users).toEqual([{ name: 'admin', tags: ['administrator'] }])
    expect(work.kept?.order).toEqual(['users', 'policies'])
  })
  it('reads version 2 as is', () => {
    const raw = JSON.parse(fixture('work-v2.json'))
    const { work, from } = migrate(raw)
    expect(from).toBe(2)
    expect(work).toEqual(raw)
    expect(parseScript(work.text).declared.queues).toEqual(['a "quoted" q'])
  })
  it('refuses shapes that do not fit their version', () => {
    expect(() => migrate({ version: 1 })).toThrow(/without a script/)
    expect(() => migrate({ version: 2, text: 5 })).toThrow(/unexpected shape/)
    expect(() => migrate('text')).toThrow(/no version/)
  })
})

describe('loadWork', () => {
  it('empty storage', () => {
    expect(loadWork(memoryStorage())).toEqual({ kind: 'empty' })
  })
  it('migrates a version 1 save and says so', () => {
    const r = loadWork(memoryStorage({ [WORK_KEY]: fixture('work-v1.json') }))
    expect(r).toMatchObject({ kind: 'loaded', migratedFrom: 1 })
  })
  it.each([
    ['corrupt.txt', 'corrupt'],
    ['work-v3-newer.json', 'newer'],
  ])('keeps %s aside under its own key and reports it', (file, reason) => {
    const raw = fixture(file)
    const storage = memoryStorage({ [WORK_KEY]: raw })
    const r = loadWork(storage, fixedNow)
    expect(r).toMatchObject({
      kind: 'rescued',
      reason,
      rescueKey: `${RESCUE_PREFIX}2026-11-29T12:00:00.000Z`,
    })
    expect(storage.data.get(`${RESCUE_PREFIX}2026-11-29T12:00:00.000Z`)).toBe(raw)
    // Saving afterwards cannot lose the rescued copy.
    saveWork(storage, { text: 'queue declare q', kept: null })
    expect(storage.data.get(`${RESCUE_PREFIX}2026-11-29T12:00:00.000Z`)).toBe(raw)
  })
  it('when the copy cannot be written, reports the original key and holds it', () => {
    const raw = fixture('corrupt.txt')
    const storage = quotaStorage({ [WORK_KEY]: raw })
    storage.fill()
    const keys = createKeyStore(storage)
    expect(loadWork(keys)).toMatchObject({ kind: 'rescued', rescueKey: WORK_KEY })
    // A shorter save would fit where the original is; it is refused all the same.
    expect(saveWork(keys, { text: '', kept: null })).toBe('held')
    expect(storage.data.get(WORK_KEY)).toBe(raw)
  })
})
