/**
 * Undo history as edits instead of whole texts: an edit is one replaced range, found by the common
 * prefix and suffix of the texts before and after. Two hundred steps of a 10,000-line script cost a
 * few kilobytes, not two hundred copies of it.
 */

export interface TextEdit {
  /** Offset of the replaced range in the text before the edit. */
  at: number
  removed: string
  inserted: string
}

/** The edit that turns `before` into `after` (null when they are equal). */
export function diffTexts(before: string, after: string): TextEdit | null {
  if (before === after) return null
  const max = Math.min(before.length, after.length)
  // Equal runs are skipped a block at a time (a native compare), then narrowed to the character:
  // a keystroke in a 10,000-line script costs well under a millisecond.
  let start = 0
  while (start + BLOCK <= max && before.slice(start, start + BLOCK) === after.slice(start, start + BLOCK))
    start += BLOCK
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++
  const room = max - start
  let end = 0
  while (
    end + BLOCK <= room &&
    before.slice(before.length - end - BLOCK, before.length - end) ===
      after.slice(after.length - end - BLOCK, after.length - end)
  )
    end += BLOCK
  while (
    end < room &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++
  return {
    at: start,
    removed: own(before.slice(start, before.length - end)),
    inserted: own(after.slice(start, after.length - end)),
  }
}

/**
 * A copy that holds no reference to the text it came from: an engine keeps a slice of a string as a
 * view of the whole, and two hundred undo steps would keep two hundred versions of a large script.
 */
export function own(s: string): string {
  return s.length < 16 ? s : (JSON.parse(JSON.stringify(s)) as string)
}

const BLOCK = 512

export function applyEdit(text: string, e: TextEdit): string {
  return text.slice(0, e.at) + e.inserted + text.slice(e.at + e.removed.length)
}

export function invertEdit(e: TextEdit): TextEdit {
  return { at: e.at, removed: e.inserted, inserted: e.removed }
}

/** One edit doing `first` then `second` (`after` is the text after both). */
export function mergeEdits(first: TextEdit, second: TextEdit, after: string): TextEdit {
  const before = applyEdit(applyEdit(after, invertEdit(second)), invertEdit(first))
  return diffTexts(before, after) ?? { at: 0, removed: '', inserted: '' }
}
