/**
 * Mermaid label escaping (see shared TOOLCHAIN.md §5).
 *
 * Node labels: every character outside a small safe set is written as `#<codepoint>;` inside double
 * quotes, so quotes, `#35;`, HTML and keywords stay text (Mermaid decodes these entities for nodes).
 *
 * Edge labels are different with `htmlLabels: false` (measured in 11.17.2): Mermaid does NOT decode the
 * entities there, so `#35;` shows up as the literal text `&#35;`. Raw non-ASCII text is fine in edge
 * labels, so only ASCII specials are encoded and the view turns the literal `&#N;` left in edge-label
 * text nodes back into characters (decodeEdgeLabelParts). Mermaid's own entity markers (`ﬂ°°` → `&#`,
 * `¶ß` → `;`, applied to the final SVG even after entities were decoded) are broken with an invisible
 * WORD JOINER after `ﬂ` and `¶`, so a name can never forge an entity; control characters are encoded.
 */
const SAFE = /[A-Za-z0-9 ._\-:/]/
const FORGEABLE = new Set(['\uFB02', '\u00B0', '\u00B6', '\u00DF'])

const WORD_JOINER = '\u2060'

function encode(text: string, keep: (ch: string) => boolean): string {
  let out = ''
  for (const ch of text.replace(/[\uFB02\u00B6]/g, `$&${WORD_JOINER}`)) {
    out += keep(ch) ? ch : `#${ch.codePointAt(0)};`
  }
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

/**
 * The same over the consecutive text pieces of one label: Mermaid wraps long words across `<tspan>`s,
 * which can cut an entity in two, so an unfinished `&#…` at the end of a piece moves to the next one.
 */
export function decodeEdgeLabelParts(parts: string[]): string[] {
  let carry = ''
  return parts.map((part, i) => {
    let text = carry + part
    carry = ''
    const open = i < parts.length - 1 ? /&(#\d{0,7})?$/.exec(text) : null
    if (open) {
      carry = open[0]
      text = text.slice(0, open.index)
    }
    return decodeEdgeLabelText(text)
  })
}

/** Long names (up to 255 bytes) are cut for the drawing; the full name stays in the node map. */
export function shorten(text: string, max = 48): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}
