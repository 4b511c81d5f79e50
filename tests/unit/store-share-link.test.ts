/** Share-link codec: round trip, tampering, size guard, versions. The grammar is pinned here. */
import fc from 'fast-check'
import LZString from 'lz-string'
import { describe, expect, it } from 'vitest'
import { checksum, decodeShareLink, encodeShareLink, MAX_LINK_CHARS } from '../../src/store/share-link'

const encode = (text: string, mode: 'edit' | 'view' = 'edit') => {
  const r = encodeShareLink(text, mode)
  if (!r.ok) throw new Error('too large')
  return r.hash
}

describe('share links', () => {
  it('pinned format', () => {
    expect(encode('queue declare q', 'view')).toBe(
      `#v1/view/${LZString.compressToEncodedURIComponent(JSON.stringify({ t: 'queue declare q', c: checksum('queue declare q') }))}`,
    )
  })
  it('round-trips any text in both modes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.constantFrom('edit', 'view'),
        (text, mode) => {
          expect(decodeShareLink(encode(text, mode as 'edit'))).toEqual({ ok: true, mode, text })
        },
      ),
      { seed: 7, numRuns: 300 },
    )
  })
  it('refuses a tampered payload', () => {
    const hash = encode('exchange declare x topic\nqueue declare q\nbind q to x key "a.#"')
    const at = hash.length - 6
    const flipped = hash.slice(0, at) + (hash[at] === 'A' ? 'B' : 'A') + hash.slice(at + 1)
    expect(decodeShareLink(flipped)).toEqual({ ok: false, error: { kind: 'damaged' } })
    expect(decodeShareLink(hash.slice(0, -10))).toMatchObject({ ok: false, error: { kind: 'damaged' } })
    // Valid compression of a different text with the old checksum.
    const forged = `#v1/edit/${LZString.compressToEncodedURIComponent(JSON.stringify({ t: 'evil', c: checksum('good') }))}`
    expect(decodeShareLink(forged)).toEqual({ ok: false, error: { kind: 'damaged' } })
    expect(decodeShareLink('#v1/edit/%%%')).toEqual({ ok: false, error: { kind: 'damaged' } })
  })
  it('names newer versions, unknown modes and foreign hashes', () => {
    expect(decodeShareLink('#v2/edit/abc')).toEqual({ ok: false, error: { kind: 'newer', version: 2 } })
    expect(decodeShareLink('#v1/own/abc')).toEqual({ ok: false, error: { kind: 'bad-mode', mode: 'own' } })
    expect(decodeShareLink('#vx/edit/abc')).toMatchObject({ ok: false, error: { kind: 'unknown-version' } })
    expect(decodeShareLink('#scenario=abc')).toEqual({ ok: false, error: { kind: 'not-a-share-link' } })
  })
  it('size guard: refuses to make links that are too long, and to open huge payloads', () => {
    let seed = 1
    const noise = Array.from({ length: 60_000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return String.fromCharCode(33 + (seed % 90))
    }).join('')
    const r = encodeShareLink(noise, 'edit')
    expect(r).toMatchObject({ ok: false, reason: 'too-large' })
    expect(!r.ok && r.length > MAX_LINK_CHARS).toBe(true)
    expect(decodeShareLink(`#v1/edit/${'A'.repeat(MAX_LINK_CHARS * 4 + 1)}`)).toEqual({
      ok: false,
      error: { kind: 'too-large' },
    })
  })
})
