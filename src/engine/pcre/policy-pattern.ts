/**
 * Policy patterns as RabbitMQ runs them — `re:run(Name, Pattern, [{capture, none}])`: PCRE 8.44,
 * no options, bytes of the UTF-8 name, a match anywhere — but on a backtracking-free matcher, so a
 * hostile pattern costs time linear in the name (docs/routing-semantics.md, "Policy patterns").
 */
import { utf8Bytes } from './latin1'
import { compile, search } from './nfa'
import { PatternError, parsePattern } from './parse'

export { PatternError } from './parse'

export interface PolicyPattern {
  test(name: string): boolean
}

/** Names remembered per pattern: policies are asked about the same few names on every publish. */
const MEMO_LIMIT = 4096

/** Compiles a pattern; throws PatternError (PCRE's message and offset, or `unsupported`). */
export function compilePolicyPattern(pattern: string): PolicyPattern {
  const program = compile(parsePattern(pattern))
  const memo = new Map<string, boolean>()
  return {
    test(name) {
      const known = memo.get(name)
      if (known !== undefined) return known
      const hit = search(program, utf8Bytes(name))
      if (memo.size >= MEMO_LIMIT) memo.clear()
      memo.set(name, hit)
      return hit
    },
  }
}

/** An Erlang string as `~p` prints it. */
const erlangString = (s: string) => `"${s.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`

/**
 * The reason RabbitMQ's policy validation gives: `{"missing )",1}` printed by `~p` after a 53-column
 * prefix, which breaks the tuple over two lines once it would pass column 78.
 */
export function patternErrorText(e: PatternError): string {
  if (e.unsupported)
    return `pattern uses ${e.message} (at byte ${e.offset}): the playground does not simulate that, so it refuses the policy (RabbitMQ may accept it)`
  const prefix = 'pattern should be regular expression but is invalid: '
  const head = `{${erlangString(e.message)},`
  const tail = `${e.offset}}`
  return prefix.length + head.length + tail.length <= 78
    ? `${prefix}${head}${tail}`
    : `${prefix}${head}\n${' '.repeat(prefix.length + 1)}${tail}`
}

export function isPatternError(e: unknown): e is PatternError {
  return e instanceof PatternError
}
