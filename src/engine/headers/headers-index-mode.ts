import type { AmqpTable } from '../broker/types'

/** How a headers binding combines its argument tests. */
export interface HeadersMode {
  /** `any` / `any-with-x`: one true test is enough (none considered → never matches). */
  any: boolean
  /** `-with-x` modes: keys starting with `x-` are tested too (only `x-match` is always skipped). */
  withX: boolean
}

const ALL: HeadersMode = { any: false, withX: false }
const MODES: { [name: string]: HeadersMode } = {
  all: ALL,
  any: { any: true, withX: false },
  'all-with-x': { any: false, withX: true },
  'any-with-x': { any: true, withX: true },
}

/**
 * The binding's mode: `xMatch` if given, else the `x-match` argument, else `all`. Like the broker's
 * router, an unrecognised value behaves as `all` (binding-time validation, 406, is the caller's job).
 */
export function headersModeOf(binding: { xMatch?: string; args: AmqpTable }): HeadersMode {
  let name = binding.xMatch
  if (name === undefined) {
    const arg = binding.args['x-match']
    if (arg !== undefined && arg.type === 'longstr') name = arg.value
  }
  return (name !== undefined && Object.hasOwn(MODES, name) ? MODES[name] : undefined) ?? ALL
}

/** Whether binding argument `key` is tested under `mode`. */
export function isConsidered(key: string, mode: HeadersMode): boolean {
  if (key === 'x-match') return false
  return mode.withX || !key.startsWith('x-')
}
