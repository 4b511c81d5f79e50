// src/engine stays pure TypeScript: relative imports inside src/engine only, and no browser globals.
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { files, specifiers, stripSource } from './support/source-imports'

const ROOT = resolve('src/engine')

const FORBIDDEN = /\b(window|document|postMessage|localStorage)\b/
const globalsIn = (source: string) => stripSource(source, true).match(FORBIDDEN)?.[0]

describe('engine purity', () => {
  const all = files(ROOT)

  it('finds the engine sources', () => {
    expect(all.length).toBeGreaterThan(10)
  })

  it.each(all.map((f) => [relative(ROOT, f), f]))('%s imports only within src/engine', (_name, file) => {
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      expect(spec.startsWith('./') || spec.startsWith('../'), `${spec} is not relative`).toBe(true)
      const target = resolve(dirname(file), spec)
      expect(target === ROOT || target.startsWith(`${ROOT}/`), `${spec} leaves src/engine`).toBe(true)
    }
  })

  it.each(all.map((f) => [relative(ROOT, f), f]))('%s mentions no browser globals', (_name, file) => {
    expect(globalsIn(readFileSync(file, 'utf8')), 'browser global in the engine').toBeUndefined()
  })

  it('the checks can fail', () => {
    expect(specifiers("import x from 'react'\nexport { y } from '../../src/store'")).toEqual([
      'react',
      '../../src/store',
    ])
    expect(globalsIn('const w = window.innerWidth')).toBe('window')
    expect(globalsIn("// the document\nconst t = 'a document'\nlocalStorage.x = 1")).toBe('localStorage')
    expect(specifiers("/* import x from 'nope' */ import y from './ok'")).toEqual(['./ok'])
    expect(specifiers("import 'side-effect'\nconst m = import('../../outside')")).toEqual([
      'side-effect',
      '../../outside',
    ])
  })
})
