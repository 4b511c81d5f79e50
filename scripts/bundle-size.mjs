#!/usr/bin/env node
/**
 * Reports what the first page load downloads (the entry chunk and its static imports, gzip -9) from
 * Vite's manifest, and fails if Mermaid or Monaco ended up in it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = process.env.E2E_DIST ?? 'dist'
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
// The page's entry (the service worker, src/sw, is an entry too but no part of the page's load).
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'))
if (!entryKey) throw new Error('No entry in the Vite manifest')

const seen = new Set()
const files = []
;(function walk(key) {
  if (seen.has(key)) return
  seen.add(key)
  const chunk = manifest[key]
  files.push(chunk.file, ...(chunk.css ?? []))
  for (const dep of chunk.imports ?? []) walk(dep)
})(entryKey)

let raw = 0
let gz = 0
for (const f of new Set(files)) {
  const bytes = readFileSync(join(dist, f))
  raw += bytes.length
  gz += gzipSync(bytes, { level: 9 }).length
}
const heavy = [...seen].filter((k) => /node_modules\/(mermaid|monaco-editor)\//.test(k))
console.log(
  `first-load JS+CSS: ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip (${files.length} files)`,
)
if (heavy.length) {
  console.error(`Mermaid/Monaco must be lazy, but the first load includes: ${heavy.join(', ')}`)
  process.exit(1)
}
console.log('Mermaid and Monaco are not in the first load.')
