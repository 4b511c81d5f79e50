/**
 * Mermaid label escaping (see shared TOOLCHAIN.md §5): every character outside a small safe set is
 * written as `#<codepoint>;` and the label is quoted, so quotes, `#35;`, HTML and keywords stay text.
 */
const SAFE = /[A-Za-z0-9 ._\-:/]/

export function escapeLabel(text: string): string {
  let out = ''
  for (const ch of text) out += SAFE.test(ch) ? ch : `#${ch.codePointAt(0)};`
  return `"${out}"`
}
