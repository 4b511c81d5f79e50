/**
 * The one schema of every content file (each lesson.json, the lesson manifest, lessons/practice/) and
 * of progress files. Each check returns the typed value or throws a SchemaError carrying the path of
 * the first problem, e.g. `questions[2].options[1].text.zh-CN: expected a non-empty string`; with the
 * file's text, `locate` (json-paths.ts) turns that path into a line and column. Unknown fields are
 * refused so a misspelt key is reported where it is, instead of silently doing nothing.
 */
export class SchemaError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(`${path || '(root)'}: ${detail}`)
    this.name = 'SchemaError'
  }
}

export type Check<T> = (value: unknown, at: string) => T
interface Optional<T> {
  optional: Check<T>
}
type Field = Check<unknown> | Optional<unknown>
type Shape = Record<string, Field>
type Required<S extends Shape> = {
  [K in keyof S as S[K] extends Optional<unknown> ? never : K]: S[K] extends Check<infer T> ? T : never
}
type Opt<S extends Shape> = {
  [K in keyof S as S[K] extends Optional<unknown> ? K : never]?: S[K] extends Optional<infer T> ? T : never
}
export type Out<S extends Shape> = Required<S> & Opt<S>

/** The path of a member or an item, as SchemaError paths and `jsonPaths` write it. */
export const join = (at: string, key: string | number) =>
  typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${key}` : key

export const fail = (at: string, detail: string): never => {
  throw new SchemaError(at, detail)
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const optional = <T>(check: Check<T>): Optional<T> => ({ optional: check })

export const str: Check<string> = (v, at) =>
  typeof v === 'string' && v.trim() !== '' ? v : fail(at, 'expected a non-empty string')

/** Any string, the empty one included (routing keys and patterns may be ""). */
export const anyStr: Check<string> = (v, at) => (typeof v === 'string' ? v : fail(at, 'expected a string'))

export const bool: Check<boolean> = (v, at) =>
  typeof v === 'boolean' ? v : fail(at, 'expected true or false')

export const nat: Check<number> = (v, at) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fail(at, 'expected a whole number ≥ 0')

/** Exactly this value (a format name, a version number). */
export function literal<const T extends string | number | boolean>(value: T): Check<T> {
  return (v, at) => (v === value ? value : fail(at, `expected ${JSON.stringify(value)}`))
}

export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (v, at) =>
    (values as readonly unknown[]).includes(v) ? (v as T) : fail(at, `expected one of ${values.join(', ')}`)
}

export function arr<T>(item: Check<T>, min = 0): Check<T[]> {
  return (v, at) => {
    if (!Array.isArray(v)) return fail(at, 'expected an array')
    if (v.length < min) fail(at, `expected at least ${min} item${min === 1 ? '' : 's'}`)
    return v.map((x, i) => item(x, join(at, i)))
  }
}

/** The value, or null (a field that may be switched off explicitly). */
export function orNull<T>(check: Check<T>): Check<T | null> {
  return (v, at) => (v === null ? null : check(v, at))
}

/** An object used as a map: any keys, every value checked. */
export function record<T>(value: Check<T>): Check<Record<string, T>> {
  return (v, at) => {
    if (!isObject(v)) return fail(at, 'expected an object')
    const out: Record<string, T> = {}
    for (const [key, x] of Object.entries(v)) out[key] = value(x, join(at, key))
    return out
  }
}

type Variants = Record<string, Shape>
type Tagged<V extends Variants> = { [K in keyof V]: { kind: K } & Out<V[K]> }[keyof V]

/** One of several shapes told apart by their `kind`; each shape's fields are as strict as obj's. */
export function tagged<V extends Variants>(variants: V): Check<Tagged<V>> {
  const kinds = Object.keys(variants)
  return (v, at) => {
    if (!isObject(v)) return fail(at, 'expected an object')
    const kind = v.kind
    if (typeof kind !== 'string' || !Object.hasOwn(variants, kind))
      return fail(join(at, 'kind'), `expected one of ${kinds.join(', ')}`)
    const shape = variants[kind] as Shape
    return obj({ ...shape, kind: anyStr })(v, at) as Tagged<V>
  }
}

/** Any JSON value, kept as it is (the arguments of a test call). */
export const json: Check<unknown> = (v) => v

export function obj<S extends Shape>(shape: S): Check<Out<S>> {
  return (v, at) => {
    if (!isObject(v)) return fail(at, 'expected an object')
    for (const key of Object.keys(v)) if (!(key in shape)) fail(join(at, key), 'unknown field')
    const out: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(shape)) {
      const path = join(at, key)
      if ('optional' in field) {
        if (v[key] !== undefined) out[key] = field.optional(v[key], path)
      } else if (v[key] === undefined) fail(path, 'missing required field')
      else out[key] = field(v[key], path)
    }
    return out as Out<S>
  }
}

/** A text in both languages: the English one without Chinese characters, the Chinese one not empty. */
export const l10n: Check<{ en: string; 'zh-CN': string }> = (v, at) => {
  const t = obj({ en: str, 'zh-CN': str })(v, at)
  if (/[\u4e00-\u9fff]/.test(t.en)) fail(join(at, 'en'), 'contains Chinese characters')
  return t
}
