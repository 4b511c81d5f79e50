/**
 * A level travels by link (docs/levels.md):
 *
 *   #level=v1.<payload>      payload = lz-string `compressToEncodedURIComponent` of JSON
 *                            {"level": <level>, "c": <FNV-1a of the level's JSON>}
 *
 * Versioned (a newer version is refused with its number), size-capped before the expensive step
 * (a level's JSON over MAX_LEVEL_JSON_CHARS is not compressed, a link over MAX_LEVEL_LINK_CHARS is not
 * made, and decoding inflates with a cap), checksummed (a damaged link is refused, never opened as
 * something else) and validated by the level schema with the path of the first problem. The same JSON
 * (without the checksum wrapper) is the exported level file.
 */
import LZString from 'lz-string'
import { SchemaError } from '../content/schema'
import { inflateLinkPayload } from '../store/lz-inflate'
import { checksum } from '../store/share-link'
import { checkLevel } from './level-schema'
import type { Level } from './level-types'

const LEVEL_LINK_VERSION = 1
export const MAX_LEVEL_LINK_CHARS = 30_000
const MAX_LEVEL_JSON_CHARS = 200_000
const LEVEL_FILE_FORMAT = 'amqp-playground-level'

export type LevelLinkError =
  | { kind: 'not-a-level-link' }
  | { kind: 'newer'; version: number }
  | { kind: 'damaged' }
  | { kind: 'too-large' }
  | { kind: 'invalid'; detail: string }

export type LevelDecode = { ok: true; level: Level } | { ok: false; error: LevelLinkError }

export type LevelEncode = { ok: true; hash: string } | { ok: false; reason: 'too-large'; length: number }

export function encodeLevelLink(level: Level): LevelEncode {
  const body = JSON.stringify(level)
  if (body.length > MAX_LEVEL_JSON_CHARS) return { ok: false, reason: 'too-large', length: body.length }
  const payload = LZString.compressToEncodedURIComponent(JSON.stringify({ level, c: checksum(body) }))
  const hash = `#level=v${LEVEL_LINK_VERSION}.${payload}`
  return hash.length > MAX_LEVEL_LINK_CHARS
    ? { ok: false, reason: 'too-large', length: hash.length }
    : { ok: true, hash }
}

function validated(value: unknown): LevelDecode {
  try {
    return { ok: true, level: checkLevel(value, 'level') }
  } catch (e) {
    if (e instanceof SchemaError) return { ok: false, error: { kind: 'invalid', detail: e.message } }
    throw e
  }
}

export function decodeLevelLink(hash: string): LevelDecode {
  const m = /^#?level=v(\d+)\.(.*)$/s.exec(hash)
  if (!m) return { ok: false, error: { kind: 'not-a-level-link' } }
  const version = Number(m[1])
  if (version > LEVEL_LINK_VERSION) return { ok: false, error: { kind: 'newer', version } }
  if (version !== LEVEL_LINK_VERSION) return { ok: false, error: { kind: 'damaged' } }
  const payload = m[2] ?? ''
  if (payload.length > MAX_LEVEL_LINK_CHARS) return { ok: false, error: { kind: 'too-large' } }
  const inflated = inflateLinkPayload(payload, MAX_LEVEL_JSON_CHARS * 2)
  if (!inflated.ok)
    return { ok: false, error: { kind: inflated.reason === 'too-large' ? 'too-large' : 'damaged' } }
  let data: unknown
  try {
    data = JSON.parse(inflated.text)
  } catch {
    return { ok: false, error: { kind: 'damaged' } }
  }
  if (typeof data !== 'object' || data === null) return { ok: false, error: { kind: 'damaged' } }
  const { level, c } = data as { level?: unknown; c?: unknown }
  if (typeof c !== 'string' || checksum(JSON.stringify(level)) !== c)
    return { ok: false, error: { kind: 'damaged' } }
  return validated(level)
}

/** The exported level file: `{"format", "version", "level"}`. */
export function levelFileText(level: Level): string {
  return `${JSON.stringify({ format: LEVEL_FILE_FORMAT, version: LEVEL_LINK_VERSION, level }, null, 2)}\n`
}

/** Reads an exported level file; throws an Error naming the problem's path. */
export function parseLevelFile(text: string): Level {
  if (text.length > MAX_LEVEL_JSON_CHARS * 2) throw new Error(`too large (${text.length} characters)`)
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new Error(`not JSON: ${e instanceof Error ? e.message : String(e)}`)
  }
  const d = data as { format?: unknown; version?: unknown; level?: unknown }
  if (typeof data !== 'object' || data === null || d.format !== LEVEL_FILE_FORMAT)
    throw new Error(`format: expected "${LEVEL_FILE_FORMAT}"`)
  if (typeof d.version !== 'number' || d.version > LEVEL_LINK_VERSION)
    throw new Error(`version: ${String(d.version)} is not one this app reads (1)`)
  for (const k of Object.keys(data))
    if (!['format', 'version', 'level'].includes(k)) throw new Error(`${k}: unknown field`)
  const r = validated(d.level)
  if (!r.ok) throw new Error(r.error.kind === 'invalid' ? r.error.detail : r.error.kind)
  return r.level
}
