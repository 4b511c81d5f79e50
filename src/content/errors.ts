/** A located problem in the content, shared by lessons and practice: file, message, and where. */
import { locate } from './json-paths'
import type { SchemaError } from './schema'

export interface ContentError {
  /** The file under lessons/ (lessons) or lessons/practice/ (practice). */
  file: string
  /** `path: detail`, the path written as SchemaError writes it (`steps[0].expcet: unknown field`). */
  message: string
  /** 1-based, when the file's text was at hand (the content tests, a CLI); the app bundles parsed JSON. */
  line?: number
  column?: number
}

/** A file's text by its path, to place an error at a line and column; undefined when not at hand. */
export type ReadText = (path: string) => string | undefined

/** A SchemaError in `file` as a content error, at the line and column of its path when the text is known. */
export function schemaError(
  file: string,
  e: SchemaError,
  text?: ReadText,
  message = e.message,
): ContentError {
  const source = text?.(file)
  const where = source === undefined ? undefined : locate(source, e.path)
  return where ? { file, message, ...where } : { file, message }
}

/** `file:line:column: message`, or `file: message` without a position. */
export function contentErrorText(e: ContentError): string {
  return e.line === undefined ? `${e.file}: ${e.message}` : `${e.file}:${e.line}:${e.column}: ${e.message}`
}
