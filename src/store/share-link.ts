/**
 * Share links, in the URL hash so nothing is sent to a server:
 *
 *   #v1/edit/<payload>     opens an editable copy
 *   #v1/view/<payload>     opens read-only (the viewer may then "edit a copy")
 *
 * payload = lz-string `compressToEncodedURIComponent` of JSON `{"t": text, "c": checksum}`, where
 * checksum is FNV-1a (32-bit, hex) of the text, so a damaged or edited link is refused with a clear
 * error instead of opening something else. Size guards, both before the expensive step: a text whose
 * JSON is over MAX_JSON_CHARS is not compressed at all (and links over MAX_LINK_CHARS are not made);
 * decoding inflates with a cap and stops at MAX_JSON_CHARS (a 75 KB link can expand to 512 M chars).
 */
import LZString from 'lz-string'
import { inflateLinkPayload } from './lz-inflate'

const SHARE_VERSION = 1
export const MAX_LINK_CHARS = 30_000
export const MAX_TEXT_CHARS = 1_000_000
/** The decoded JSON `{"t": …, "c": …}` may be this long (escapes can make it longer than the text). */
export const MAX_JSON_CHARS = MAX_TEXT_CHARS * 2

export type ShareMode = 'edit' | 'view'

export type ShareDecodeError =
  | { kind: 'not-a-share-link' }
  | { kind: 'newer'; version: number }
  | { kind: 'unknown-version'; version: string }
  | { kind: 'bad-mode'; mode: string }
  | { kind: 'damaged' }
  | { kind: 'too-large' }

export type ShareDecode = { ok: true; mode: ShareMode; text: string } | { ok: false; error: ShareDecodeError }

export function checksum(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, '0')
}

export type ShareEncode = { ok: true; hash: string } | { ok: false; reason: 'too-large'; length: number }

/**
 * The hash (with its leading `#`) for `text`. Sizes are checked before compressing (a 10 MB script
 * took 31 s to compress only to be refused); `length` is then the text's length, not the link's.
 */
export function encodeShareLink(text: string, mode: ShareMode): ShareEncode {
  if (text.length > MAX_TEXT_CHARS) return { ok: false, reason: 'too-large', length: text.length }
  const json = JSON.stringify({ t: text, c: checksum(text) })
  if (json.length > MAX_JSON_CHARS) return { ok: false, reason: 'too-large', length: text.length }
  const payload = LZString.compressToEncodedURIComponent(json)
  const hash = `#v${SHARE_VERSION}/${mode}/${payload}`
  return hash.length > MAX_LINK_CHARS
    ? { ok: false, reason: 'too-large', length: hash.length }
    : { ok: true, hash }
}

const SHAPE = /^#?v([^/]*)\/([^/]*)\/(.*)$/s

/** Whether a hash looks like one of ours (then decode errors are worth reporting). */
export function isShareHash(hash: string): boolean {
  return /^#?v\d+\//.test(hash)
}

export function decodeShareLink(hash: string): ShareDecode {
  const m = SHAPE.exec(hash)
  if (!m) return { ok: false, error: { kind: 'not-a-share-link' } }
  const [, versionText = '', mode = '', payload = ''] = m
  const version = Number(versionText)
  if (!/^\d+$/.test(versionText))
    return { ok: false, error: { kind: 'unknown-version', version: versionText } }
  if (version > SHARE_VERSION) return { ok: false, error: { kind: 'newer', version } }
  if (version !== SHARE_VERSION)
    return { ok: false, error: { kind: 'unknown-version', version: versionText } }
  if (mode !== 'edit' && mode !== 'view') return { ok: false, error: { kind: 'bad-mode', mode } }
  if (payload.length > MAX_LINK_CHARS * 4) return { ok: false, error: { kind: 'too-large' } }
  // LZ output grows quadratically with the input at worst: inflate with a cap, never in full.
  const inflated = inflateLinkPayload(payload, MAX_JSON_CHARS)
  if (!inflated.ok)
    return { ok: false, error: { kind: inflated.reason === 'too-large' ? 'too-large' : 'damaged' } }
  const json = inflated.text
  try {
    const data: unknown = JSON.parse(json)
    if (typeof data !== 'object' || data === null) return { ok: false, error: { kind: 'damaged' } }
    const { t, c } = data as { t?: unknown; c?: unknown }
    if (typeof t !== 'string' || typeof c !== 'string' || checksum(t) !== c)
      return { ok: false, error: { kind: 'damaged' } }
    return { ok: true, mode, text: t }
  } catch {
    return { ok: false, error: { kind: 'damaged' } }
  }
}
