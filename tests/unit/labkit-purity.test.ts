// src/lab-core is pure TypeScript like the engine (the CLI and Node tests use it): it imports only the
// engine's public door and its own files, and touches no browser global. Live mode's HTTP calls
// go through a transport the caller passes in.
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { files, specifiers, stripSource } from './support/source-imports'

const ROOT = resolve('src/lab-core')
const ENGINE = resolve('src/engine')
const FORBIDDEN = /\b(window|document|localStorage|fetch|XMLHttpRequest|navigator)\b/

describe('labkit purity', () => {
  const all = files(ROOT)

  it.each(all.map((f) => [relative(ROOT, f), f]))(
    '%s imports only the engine and src/lab-core',
    (_n, file) => {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), spec)
        const ok = target === ENGINE || target.startsWith(`${ROOT}/`)
        expect(ok, `${spec} leaves src/lab-core (or reaches into the engine past index.ts)`).toBe(true)
      }
    },
  )

  it.each(all.map((f) => [relative(ROOT, f), f]))('%s mentions no browser global', (_n, file) => {
    expect(stripSource(readFileSync(file, 'utf8'), true).match(FORBIDDEN)?.[0]).toBeUndefined()
  })
})
