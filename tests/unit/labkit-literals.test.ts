// Every name of a scenario reaches a kit through these escapers: each one must give back the exact
// string in its language, for quotes, backslashes, $, backticks, \u sequences, newlines and Unicode.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { asciiJson, javaString, jsString, pyString, shWord } from '../../src/lab-core/literals'

const HOSTILE = [
  '',
  'plain',
  `it's "quoted"`,
  'back\\slash \\\\ \\u0041 \\n \\" \\',
  `$HOME $\{x} $(whoami) \`id\` !event`,
  'line\nbreak\r\ttab \u0000 nul \u007f del',
  'é 日本 😀 \u2028 \u2029 \ufeff',
  "*/ -- # ' \\'",
]

describe('literals', () => {
  it('JavaScript: a JSON-compatible literal, ASCII only', () => {
    for (const s of HOSTILE) {
      expect(JSON.parse(jsString(s))).toBe(s)
      expect(jsString(s)).toMatch(/^[\x20-\x7e]*$/)
    }
  })

  it('Python: the literal in a program is the string', () => {
    const program = `import json\nprint(json.dumps([${HOSTILE.map(pyString).join(', ')}]))`
    const out = spawnSync('/usr/bin/python3', ['-c', program], { encoding: 'utf8' })
    expect(out.stderr).toBe('')
    expect(JSON.parse(out.stdout)).toEqual(HOSTILE.map((s) => s))
  })

  it('bash: one word each, printed back byte for byte (NUL excepted: bash cannot carry it)', () => {
    const words = HOSTILE.map((s) => s.replace('\u0000', ''))
    const out = spawnSync('bash', ['-c', `printf '%s\\0' ${words.map(shWord).join(' ')}`], {
      encoding: 'utf8',
    })
    expect(out.stdout.split('\0').slice(0, -1)).toEqual(words)
  })

  it('Java: no \\u escape javac would read before lexing, control characters in octal', () => {
    for (const s of HOSTILE) {
      const lit = javaString(s)
      expect(lit).toMatch(/^[\x20-\x7e]*$/)
      // javac turns \uXXXX into a character first wherever the backslash is not itself escaped:
      // only non-ASCII characters may come out that way, never a quote, backslash or line break.
      for (const m of lit.matchAll(/(\\+)u([0-9a-f]{4})/g)) {
        if ((m[1] as string).length % 2 === 0) continue
        expect(Number.parseInt(m[2] as string, 16)).toBeGreaterThan(0x7e)
      }
    }
    expect(javaString('a\nb"\\')).toBe('"a\\nb\\"\\\\"')
    expect(javaString('\u0000\u007f')).toBe('"\\000\\177"')
  })

  it('asciiJson escapes everything outside ASCII and stays JSON', () => {
    for (const s of HOSTILE) {
      expect(JSON.parse(asciiJson({ s }))).toEqual({ s })
      expect(asciiJson(s)).toMatch(/^[\x20-\x7e]*$/)
    }
  })
})
