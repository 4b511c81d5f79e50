// src/engine stays pure TypeScript: relative imports inside src/engine only, and no browser globals.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve('src/engine')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

/**
 * Blank out comments (and, with `strings`, the contents of string and template literals) so that the
 * English word "document" in a comment or an error message is not mistaken for the DOM global.
 */
function stripSource(source: string, strings: boolean): string {
  let out = ''
  let i = 0
  while (i < source.length) {
    const c = source[i] as string
    const two = source.slice(i, i + 2)
    if (two === '//' || two === '/*') {
      const end = two === '//' ? source.indexOf('\n', i) : source.indexOf('*/', i + 2) + 2
      const stop = end <= 1 ? source.length : end
      out += source.slice(i, stop).replace(/[^\n]/g, ' ')
      i = stop
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1
      const body = source.slice(i + 1, j)
      out += c + (strings ? body.replace(/[^\n]/g, ' ') : body) + c
      i = j + 1
    } else {
      out += c
      i++
    }
  }
  return out
}

/** Import/export specifiers, including `import type`, side-effect imports and dynamic `import()`. */
function specifiers(source: string): string[] {
  const code = stripSource(source, false)
  const out: string[] = []
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /(?<![\w$./'"-])import\s*['"]([^'"]+)['"]/g,
    /(?<![\w$./'"-])import\s*\(\s*['"]([^'"]+)['"]/g,
    /(?<![\w$./'"-])require\s*\(\s*['"]([^'"]+)['"]/g,
  ]
  for (const re of patterns) for (const m of code.matchAll(re)) out.push(m[1] as string)
  return out
}

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
