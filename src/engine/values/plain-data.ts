/**
 * Guards for untrusted JSON-like data (scripts, scenario files, definitions, links): a nesting limit
 * so a deeply nested value gets a located error instead of exhausting the stack, and records without
 * a prototype so a key such as `__proto__` or `constructor` stays data.
 */

/**
 * How many tables/arrays may nest in one header or argument value, counting the outer table as 1.
 * RabbitMQ sets no such limit; no routing case needs more, and every reader (script, scenario,
 * definitions, links) refuses deeper input with the same message.
 */
export const MAX_NESTING = 64

export const TOO_DEEP = `nested deeper than ${MAX_NESTING} levels of tables and arrays`

/** A record whose keys are only data: no inherited `__proto__`, `constructor`, `toString`. */
export function dataRecord<T>(): { [key: string]: T } {
  return Object.create(null) as { [key: string]: T }
}

/** Sets `key` as an own data property even when it is `__proto__` (plain assignment would not). */
export function setData<T>(record: { [key: string]: T }, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * The path (`a.b.0`) of the first table or array in `value` that lies deeper than `limit`, counting
 * `value` itself as level 1 when it is a container; null when within the limit. Iterative, so any
 * depth is safe to inspect.
 */
export function tooDeepPath(value: unknown, limit = MAX_NESTING): string | null {
  type Frame = { value: unknown; depth: number; key: string; parent: Frame | null }
  const stack: Frame[] = [{ value, depth: 1, key: '', parent: null }]
  while (stack.length) {
    const f = stack.pop() as Frame
    if (typeof f.value !== 'object' || f.value === null) continue
    if (f.depth > limit) {
      const parts: string[] = []
      for (let at: Frame | null = f; at?.parent; at = at.parent) parts.push(at.key)
      return parts.reverse().join('.')
    }
    for (const [key, child] of Object.entries(f.value))
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, depth: f.depth + 1, key, parent: f })
  }
  return null
}
