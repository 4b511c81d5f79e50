/**
 * Share links, in the URL hash so nothing is sent to a server:
 *
 *   #v1/edit/<payload>     opens an editable copy
 *   #v1/view/<payload>     opens read-only (the viewer may then "edit a copy")
 *
 * payload = lz-string `compressToEncodedURIComponent` of JSON `{"t": text, "c": checksum}`, where
 * checksum is FNV-1a (32-bit, hex) of the text, so a damaged or edited link is refused with a clear
 * error instead of opening something else. Size guard: links over MAX_LINK_CHARS are not created, and
 * a payload that would decompress past MAX_TEXT_CHARS is refused.
 */
import LZString from 'lz-string'

export const SHARE_VERSION = 1
export const MAX_LINK_CHARS = 30_000
export const MAX_TEXT_CHARS = 1_000_000

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

/** The hash (with its leading `#`) for `text`. */
export function encodeShareLink(text: string, mode: ShareMode): ShareEncode {
  const payload = LZString.compressToEncodedURIComponent(JSON.stringify({ t: text, c: checksum(text) }))
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
  // Even highly repetitive text compresses by well under 1:100 with LZ, so this bounds the output.
  if (payload.length > MAX_LINK_CHARS * 4) return { ok: false, error: { kind: 'too-large' } }
  let json: string | null
  try {
    json = LZString.decompressFromEncodedURIComponent(payload)
  } catch {
    json = null
  }
  if (!json) return { ok: false, error: { kind: 'damaged' } }
  if (json.length > MAX_TEXT_CHARS * 2) return { ok: false, error: { kind: 'too-large' } }
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
