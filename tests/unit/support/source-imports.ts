/** Reading a source tree's import specifiers, for the engine-purity and layer tests. */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

/**
 * Blank out comments (and, with `strings`, the contents of string and template literals) so that the
 * English word "document" in a comment or an error message is not mistaken for the DOM global.
 */
export function stripSource(source: string, strings: boolean): string {
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
export function specifiers(source: string): string[] {
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
