/**
 * Where each value of a JSON text starts, by the path SchemaError names (`steps[2].expect.m1`), so a
 * content error can say `lesson.json:14:9`. An object member is found at its key (an unknown field
 * points at its own name); an array item or the root at its value.
 */
import { join } from './schema'

/** 1-based line and column of each path's member key or value; empty for text that is not JSON. */
function jsonPaths(text: string): Map<string, { line: number; column: number }> {
  const out = new Map<string, { line: number; column: number }>()
  const lineStarts = [0]
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1)
  const at = (offset: number) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((lineStarts[mid] as number) <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 }
  }
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++
  }
  const string = (): string => {
    const start = i
    i++
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
    i++
    return JSON.parse(text.slice(start, i)) as string
  }
  const value = (path: string, mark: boolean, depth: number): void => {
    if (depth > 200) throw new Error('too deep')
    ws()
    if (mark) out.set(path, at(i))
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') {
        i++
        return
      }
      for (;;) {
        ws()
        const keyAt = i
        const key = string()
        const member = join(path, key)
        out.set(member, at(keyAt))
        ws()
        i++ // :
        value(member, false, depth + 1)
        ws()
        if (text[i++] === '}') return
      }
    }
    if (c === '[') {
      i++
      ws()
      if (text[i] === ']') {
        i++
        return
      }
      for (let n = 0; ; n++) {
        value(join(path, n), true, depth + 1)
        ws()
        if (text[i++] === ']') return
      }
    }
    if (c === '"') string()
    else while (i < text.length && !',}] \t\n\r'.includes(text[i] as string)) i++
  }
  try {
    JSON.parse(text)
    value('', true, 0)
  } catch {
    out.clear()
  }
  return out
}

/** The line and column of `path`, or of its nearest ancestor present in the text (a missing field). */
export function locate(text: string, path: string): { line: number; column: number } | undefined {
  const paths = jsonPaths(text)
  for (let p = path; ; ) {
    const found = paths.get(p)
    if (found) return found
    if (p === '') return undefined
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['))
    p = cut < 0 ? '' : p.slice(0, cut)
  }
}
