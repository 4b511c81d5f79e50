/**
 * Parses a script again after an edit, redoing only the lines from the first changed one: a line
 * depends only on the lines before it (parse.ts), so every earlier line keeps its operations, which
 * stay the same objects (the runner uses that to keep the broker state of the unchanged prefix).
 * Each line records how to undo what it added, so an edit in the middle rolls back to there.
 */
import { splitLines } from './lexer'
import { newParserState, type ParseResult, type ParserState, parseLine } from './parse'

interface LineUndo {
  ops: number
  diagnostics: number
  requirements: number
  vhosts: number
  exchanges: number
  queues: number
  publishes: number
  vhost: string | undefined
  finalVhost: string
  profile: ParseResult['profile']
  publishCount: number
}

export interface IncrementalParse {
  result: ParseResult
  /** Operations before this index are unchanged since the previous update (same objects). */
  keptOps: number
  /** 1-based number of the first line that was parsed again. */
  firstChangedLine: number
}

export class IncrementalParser {
  private state: ParserState = newParserState()
  private lines: string[] = []
  private undo: LineUndo[] = []

  update(text: string): IncrementalParse {
    const next = splitLines(text)
    let k = 0
    const common = Math.min(next.length, this.lines.length)
    while (k < common && next[k] === this.lines[k]) k++
    for (let i = this.lines.length - 1; i >= k; i--) this.rollback(this.undo[i] as LineUndo)
    this.undo.length = k
    const keptOps = this.state.result.ops.length
    for (let i = k; i < next.length; i++) {
      this.undo.push(this.mark())
      // A copy of the line: the operations kept from it must not keep this whole text alive (a
      // line cut from a string is a view of it, and every appended publish would pin a version).
      parseLine(this.state, ownCopy(next[i] as string), i + 1)
    }
    this.lines = next
    return { result: this.state.result, keptOps, firstChangedLine: k + 1 }
  }

  private mark(): LineUndo {
    const { result: r, vhost, publishCount } = this.state
    return {
      ops: r.ops.length,
      diagnostics: r.diagnostics.length,
      requirements: r.requirements.length,
      vhosts: r.vhosts.length,
      exchanges: r.declared.exchanges.length,
      queues: r.declared.queues.length,
      publishes: r.declared.publishes.length,
      vhost,
      finalVhost: r.finalVhost,
      profile: r.profile,
      publishCount,
    }
  }

  private rollback(u: LineUndo): void {
    const { result: r, seen } = this.state
    r.ops.length = u.ops
    r.diagnostics.length = u.diagnostics
    r.requirements.length = u.requirements
    cut(r.vhosts, u.vhosts, seen.vhosts)
    cut(r.declared.exchanges, u.exchanges, seen.exchanges)
    cut(r.declared.queues, u.queues, seen.queues)
    cut(r.declared.publishes, u.publishes, seen.publishes)
    this.state.vhost = u.vhost
    this.state.publishCount = u.publishCount
    r.finalVhost = u.finalVhost
    if (u.profile === undefined) delete r.profile
    else r.profile = u.profile
  }
}

/** Drops the names after `length` from the ordered list and its membership set. */
function cut(list: string[], length: number, set: Set<string>): void {
  for (let i = length; i < list.length; i++) set.delete(list[i] as string)
  list.length = length
}

function ownCopy(line: string): string {
  return line.length < 16 ? line : (JSON.parse(JSON.stringify(line)) as string)
}
