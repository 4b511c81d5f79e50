/**
 * Mermaid label escaping (see shared TOOLCHAIN.md §5).
 *
 * Node labels: every character outside a small safe set is written as `#<codepoint>;` inside double
 * quotes, so quotes, `#35;`, HTML and keywords stay text (Mermaid decodes these entities for nodes).
 *
 * Edge labels are different with `htmlLabels: false` (measured in 11.17.2): Mermaid does NOT decode the
 * entities there, so `#35;` shows up as the literal text `&#35;`. Raw non-ASCII text is fine in edge
 * labels, so only ASCII specials are encoded and the view turns the literal `&#N;` left in edge-label
 * text nodes back into characters (decodeEdgeLabelText). Mermaid's own entity markers (ﬂ ° ¶ ß) and
 * control characters are always encoded so a raw name can never forge an entity.
 */
const SAFE = /[A-Za-z0-9 ._\-:/]/
const FORGEABLE = new Set(['\uFB02', '\u00B0', '\u00B6', '\u00DF'])

function encode(text: string, keep: (ch: string) => boolean): string {
  let out = ''
  for (const ch of text) out += keep(ch) ? ch : `#${ch.codePointAt(0)};`
  return out
}

/** A quoted node label; `''` becomes a single space (an empty `""` is a Mermaid parse error). */
export function escapeLabel(text: string): string {
  return `"${text === '' ? ' ' : encode(text, (ch) => SAFE.test(ch))}"`
}

/** A quoted edge label: ASCII specials encoded, other non-ASCII text kept raw (see header). */
export function escapeEdgeLabel(text: string): string {
  const keep = (ch: string) => {
    if (SAFE.test(ch)) return true
    const cp = ch.codePointAt(0) ?? 0
    return cp > 0xa0 && !FORGEABLE.has(ch) && !/[\p{C}\p{Z}]/u.test(ch)
  }
  return `"${text === '' ? ' ' : encode(text, keep)}"`
}

/** Undo the literal `&#N;` that Mermaid leaves in edge-label text (one pass, so `&#38;#35;` stays). */
export function decodeEdgeLabelText(text: string): string {
  return text.replace(/&#(\d{1,7});/g, (whole, digits: string) => {
    const cp = Number(digits)
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : whole
  })
}

/** Long names (up to 255 bytes) are cut for the drawing; the full name stays in the node map. */
export function shorten(text: string, max = 48): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}
