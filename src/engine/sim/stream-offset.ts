/**
 * Layer 1, streams: where a stream consumer starts reading (`x-stream-offset`, rabbit_stream_queue's
 * consume and osiris's offset specs), answered from the stream's log alone. Observed on 3.10.8:
 * - absent: `next` (only messages appended after the consumer attached);
 * - `"first"`: offset 0; `"next"`: the end; `"last"`: the first message of the last chunk — a
 *   chunk is what the stream writer wrote in one go; a timeline publish waits for its confirm, so
 *   every message is a chunk of its own and `last` is the last message (a client that pipelines
 *   publishes may get several in one chunk, and `last` then starts at that chunk's first message);
 * - an integer N: the messages at offset N and after (a negative N reads from the first; an N past
 *   the end waits until offset N is written, it does not start at the next message);
 * - a timestamp (AMQP `timestamp`, seconds): the first chunk written at or after it. The
 *   simulation has no calendar: its clock starts at timestamp 0, so 0 reads everything and a
 *   far-future timestamp reads nothing yet;
 * - an interval (`"10m"`, `"2h"`, `"7D"`: a whole number and one of `Y M D h m s`): what was
 *   written within that time before now;
 * - anything else (`"foo"`, `true`, a double) crashes the channel on 3.10.8: the connection is closed
 *   with 541 INTERNAL_ERROR.
 */

import type { AmqpValue, JsonValue } from '../broker/types'
import { AmqpValueError, toAmqpTable } from '../values/amqp-values'
import { refuse } from './sim-error'
import type { SimMessage } from './sim-types'

const INTEGER = new Set(['byte', 'unsignedbyte', 'short', 'unsignedshort', 'int', 'unsignedint', 'long'])

/** Milliseconds per unit of an `x-stream-offset` interval (osiris: Y = 365 days, M = 30 days). */
const UNIT_MS: Readonly<Record<string, number>> = {
  Y: 365 * 86_400_000,
  M: 30 * 86_400_000,
  D: 86_400_000,
  h: 3_600_000,
  m: 60_000,
  s: 1000,
}

/** The offset of the first message at or after simulated time `ms` (the end when none). */
function fromTime(log: readonly SimMessage[], ms: number): number {
  const i = log.findIndex((m) => (m.arrivedAt ?? 0) >= ms)
  return i < 0 ? log.length : i
}

function startOf(v: AmqpValue | undefined, log: readonly SimMessage[], now: number): number {
  if (v === undefined) return log.length
  if (v.type === 'longstr') {
    if (v.value === 'first') return 0
    if (v.value === 'next') return log.length
    if (v.value === 'last') return Math.max(0, log.length - 1)
    const m = /^(\d+)([YMDhms])$/.exec(v.value)
    if (m) return fromTime(log, now - Number(m[1]) * (UNIT_MS[m[2] as string] as number))
    throw refuse.crash()
  }
  if (INTEGER.has(v.type)) return Math.max(0, Number(v.value))
  if (v.type === 'timestamp') return fromTime(log, Number(v.value) * 1000)
  throw refuse.crash()
}

/** The offset a new consumer of a stream with this log starts at (throws 541 for a bad spec). */
export function streamStart(
  args: { [key: string]: JsonValue } | undefined,
  log: readonly SimMessage[],
  now: number,
): number {
  let table: ReturnType<typeof toAmqpTable>
  try {
    table = toAmqpTable(args ?? {})
  } catch (e) {
    // Only AmqpValueError comes out of toAmqpTable: a value amqplib could not encode.
    throw refuse.client(`consume arguments: ${e instanceof AmqpValueError ? e.message : String(e)}`)
  }
  return startOf(table['x-stream-offset'], log, now)
}
