/**
 * How names and strings are written in a script: bare when unambiguous, otherwise quoted with JSON
 * escapes. The printer uses `quoteIfNeeded`, so every name survives print → parse unchanged.
 */

/** Words with a meaning somewhere in a statement; a name equal to one is always quoted. */
export const KEYWORDS = [
  'profile',
  'vhost',
  'exchange',
  'queue',
  'declare',
  'delete',
  'bind',
  'unbind',
  'to',
  'from',
  'key',
  'args',
  'headers',
  'properties',
  'publish',
  'mandatory',
  'durable',
  'transient',
  'auto_delete',
  'exclusive',
  'internal',
  'if_unused',
  'passive',
  'policy',
  'body',
  'expect',
  'reaches',
  'unroutable',
] as const

export const EXCHANGE_TYPES = ['direct', 'fanout', 'topic', 'headers'] as const

/** The flags `exchange declare` and `queue declare` accept (the parser and the editor's completion). */
export const DECLARE_FLAGS = {
  exchange: ['durable', 'transient', 'auto_delete', 'internal', 'passive'],
  queue: ['durable', 'transient', 'exclusive', 'auto_delete', 'passive'],
} as const

/** Value words: `true false null` and the AMQP type prefixes (`long 1`). */
export const VALUE_TYPES = [
  'longstr',
  'bool',
  'byte',
  'unsignedbyte',
  'short',
  'unsignedshort',
  'int',
  'unsignedint',
  'long',
  'float',
  'double',
  'decimal',
  'timestamp',
  'void',
  'bytes',
] as const

const RESERVED = new Set<string>([...KEYWORDS, 'true', 'false', 'null', ...VALUE_TYPES])

/** Letters, digits and the punctuation that routing keys and names commonly use. */
const BARE = /^[\p{L}\p{N}_.\-*#@+/$%&=!?~^|;<>()']+$/u
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/

/** JSON escapes, plus the Unicode line/paragraph separators some editors treat as line breaks. */
export function quote(text: string): string {
  return JSON.stringify(text).replace(
    /[\u0085\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

function isBare(text: string): boolean {
  return BARE.test(text) && !text.includes('//') && !RESERVED.has(text) && !NUMBER.test(text)
}

export function quoteIfNeeded(text: string): string {
  return isBare(text) ? text : quote(text)
}

export function isNumberWord(text: string): boolean {
  return NUMBER.test(text)
}
