/**
 * Facts about the script text the store needs at once, without parsing all of it (a 10,000-line
 * script takes tens of milliseconds to parse): the vhost appended lines land in, and a fresh id.
 */
import { parseScript } from '../engine'

/** The vhost in force after the last line: that of the last `vhost` line, else `/`. */
export function lastVhost(text: string): string {
  let found: string | null = null
  for (const m of text.matchAll(/^[ \t]*vhost\b.*$/gm)) found = m[0]
  return found === null ? '/' : parseScript(found).finalVhost
}

/** `mN` for the smallest N above every `m<digits>` word in the text (so it is unused). */
export function freshPublishId(text: string): string {
  let max = 0
  for (const m of text.matchAll(/\bm(\d{1,9})\b/g)) max = Math.max(max, Number(m[1]))
  return `m${max + 1}`
}

/** A `profile` statement at the start of a line (after blanks), the rest of the line kept. */
const PROFILE_LINE = /^([ \t]*)profile([ \t]+)("[^"\n]*"|[^\s/]+)(.*)$/m

/**
 * The text with its `profile` line saying `profile`: the first such line is rewritten in place (its
 * comment kept), or `profile …` is put on a new first line. Returns the text unchanged when it
 * already says so.
 */
export function withProfileLine(text: string, profile: string): string {
  const m = PROFILE_LINE.exec(text)
  if (m) {
    const [whole, indent, gap, , rest] = m
    return `${text.slice(0, m.index)}${indent}profile${gap}${profile}${rest}${text.slice(m.index + whole.length)}`
  }
  return `profile ${profile}\n${text}`
}
