/**
 * Finds where JSON text stops being valid, for a located error message: newer V8 versions no longer
 * put a position in JSON.parse's message. A small scan with its own stack; only called after a failure.
 */

/** Offset of the first character that makes `text` invalid JSON (text.length for a premature end). */
export function jsonErrorOffset(text: string): number {
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++
  }
  const fail = (): never => {
    throw i
  }
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail()
      i++
    }
  }
  const string = () => {
    i++ // opening quote
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i)
      if (c < 0x20) fail()
      if (text[i] === '\\') {
        i++
        const e = text[i] as string
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            i++
            if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail()
          }
        } else if (!'"\\/bfnrt'.includes(e) || e === '') fail()
      }
      i++
    }
    if (i >= text.length) fail()
    i++
  }
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!m || m[0] === '' || m[0] === '-') fail()
    i += (m as RegExpExecArray)[0].length
  }
  /** `"key" :` of an object member, the opening `"` being next. */
  const member = () => {
    ws()
    if (text[i] !== '"') fail()
    string()
    ws()
    if (text[i] !== ':') fail()
    i++
  }
  // An explicit stack of open containers, not recursion: 10⁵ nested brackets must not overflow.
  const value = (): void => {
    const open: string[] = []
    for (;;) {
      ws()
      const c = text[i]
      let scalar = true
      if (c === '{' || c === '[') {
        i++
        ws()
        const close = c === '{' ? '}' : ']'
        if (text[i] === close) i++
        else {
          open.push(close)
          if (c === '{') member()
          scalar = false
        }
      } else if (c === '"') string()
      else if (c === 't') literal('true')
      else if (c === 'f') literal('false')
      else if (c === 'n') literal('null')
      else number()
      if (!scalar) continue
      // After a complete value: close containers or move to the next element.
      for (;;) {
        if (open.length === 0) return
        ws()
        const top = open[open.length - 1]
        if (text[i] === ',') {
          i++
          if (top === '}') member()
          break
        }
        if (text[i] !== top) fail()
        i++
        open.pop()
      }
    }
  }
  try {
    value()
    ws()
    return i < text.length ? i : -1
  } catch (at) {
    return Math.min(at as number, text.length)
  }
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') }
}
