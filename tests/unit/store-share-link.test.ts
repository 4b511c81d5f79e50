/** Share-link codec: round trip, tampering, size guard, versions. The grammar is pinned here. */
import fc from 'fast-check'
import LZString from 'lz-string'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { inflateLinkPayload } from '../../src/store/lz-inflate'
import {
  checksum,
  decodeShareLink,
  encodeShareLink,
  MAX_JSON_CHARS,
  MAX_LINK_CHARS,
  MAX_TEXT_CHARS,
} from '../../src/store/share-link'
import { bombPayload } from '../fixtures/link-bomb'

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

describe('size checks before work', () => {
  afterEach(() => vi.restoreAllMocks())

  it('the capped inflater gives what lz-string gives, for real and for damaged payloads', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 1500 }),
          fc.string({ unit: fc.constantFrom('a', 'ab', 'queue declare q\n', '订'), maxLength: 400 }),
        ),
        fc.nat(),
        (text, cut) => {
          const payload = LZString.compressToEncodedURIComponent(text)
          if (text !== '') expect(inflateLinkPayload(payload, 1e9)).toEqual({ ok: true, text })
          const at = cut % Math.max(payload.length, 1)
          for (const damaged of [payload.slice(0, at), `${payload.slice(0, at)}A${payload.slice(at + 1)}`]) {
            const lz = LZString.decompressFromEncodedURIComponent(damaged)
            const mine = inflateLinkPayload(damaged, 1e9)
            if (lz) expect(mine).toEqual({ ok: true, text: lz })
            else expect(mine.ok).toBe(false)
          }
        },
      ),
      { seed: 9, numRuns: 500 },
    )
    expect(inflateLinkPayload('abc%', 1e9)).toEqual({ ok: false, reason: 'damaged' })
  })

  it('a 74.5 KB link that inflates to 512 M characters is refused without inflating it', () => {
    const bomb = bombPayload(32_000)
    expect(bomb.payload.length).toBe(74_553)
    expect(bomb.inflatedChars).toBeGreaterThan(512_000_000)
    // The generator is honest: a small bomb inflates (with lz-string) to exactly what it says.
    const small = bombPayload(300)
    expect(LZString.decompressFromEncodedURIComponent(small.payload)).toBe('a'.repeat(small.inflatedChars))
    const lz = vi.spyOn(LZString, 'decompressFromEncodedURIComponent')
    expect(decodeShareLink(`#v1/view/${bomb.payload}`)).toEqual({ ok: false, error: { kind: 'too-large' } })
    expect(lz).not.toHaveBeenCalled()
    const capped = inflateLinkPayload(bomb.payload, MAX_JSON_CHARS)
    // Work done: the cap plus at most one dictionary entry (under 2,000 characters here).
    expect(capped).toMatchObject({ ok: false, reason: 'too-large' })
    expect(!capped.ok && capped.reason === 'too-large' && capped.produced).toBeLessThan(
      MAX_JSON_CHARS + 2_000,
    )
  })

  it('link to edit: a 10 MB script is refused before it is compressed', () => {
    const compress = vi.spyOn(LZString, 'compressToEncodedURIComponent')
    const big = 'queue declare q\n'.repeat(Math.ceil(10_000_000 / 16))
    expect(encodeShareLink(big, 'edit')).toEqual({ ok: false, reason: 'too-large', length: big.length })
    // Escapes can make the JSON longer than the text: that is checked before compressing too.
    const escapes = '\u0001'.repeat(MAX_TEXT_CHARS / 2)
    expect(encodeShareLink(escapes, 'edit')).toMatchObject({ ok: false, reason: 'too-large' })
    expect(compress).not.toHaveBeenCalled()
  })
})
