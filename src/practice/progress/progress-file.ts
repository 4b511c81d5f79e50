/**
 * Reading and writing practice progress: validation with located errors, migration of older
 * versions (a version 1 file from before code drafts and homework ratings, a version 2 file from
 * before question attempts were kept, still load), and the
 * browser copy under PROGRESS_KEY. Frozen files of every version live in tests/fixtures/practice/.
 */

import {
  anyStr,
  type Check,
  fail,
  isObject,
  literal,
  nat,
  obj,
  oneOf,
  optional,
  SchemaError,
} from '../../content/schema'
import type { KeyStore, WriteOutcome } from '../../storage/key-store'
import {
  emptyProgress,
  HOMEWORK_RATINGS,
  PROGRESS_FORMAT,
  PROGRESS_VERSION,
  type ProgressFile,
  STATUSES,
} from './progress-types'

/** The browser key; its name predates version 2 and stays, so existing progress is found. */
export const PROGRESS_KEY = 'amqp-playground:practice-progress:v1'

const num: Check<number> = (v, at) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fail(at, 'expected a number')

function record<T>(item: Check<T>): Check<Record<string, T>> {
  return (v, at) => {
    if (!isObject(v)) return fail(at, 'expected an object')
    const out: Record<string, T> = {}
    for (const [k, x] of Object.entries(v)) out[k] = item(x, at ? `${at}.${k}` : k)
    return out
  }
}

const entry = obj({
  status: oneOf(STATUSES),
  attempts: nat,
  firstTry: optional(oneOf(['correct', 'wrong', 'shown'])),
  answerShown: optional(literal(true)),
  bestScore: optional(num),
  maxScore: optional(num),
  updatedAt: anyStr,
})

const code = record(obj({ text: anyStr, revision: nat, savedAt: anyStr, mine: optional(anyStr) }))
const homework = record(
  obj({
    rating: (v, at) => (v === null ? null : oneOf(HOMEWORK_RATINGS)(v, at)),
    stuck: anyStr,
    updatedAt: anyStr,
  }),
)
const deckFields = {
  answers: record(
    obj({
      queues: (v: unknown, at: string) =>
        Array.isArray(v) ? v.map((q, i) => anyStr(q, `${at}[${i}]`)) : fail(at, 'expected an array'),
      nowhere: (v: unknown, at: string) => (v === null ? null : oneOf(['returned', 'dropped'])(v, at)),
    }),
  ),
  startedAt: anyStr,
  finishedAt: optional(anyStr),
}
const strings: Check<string[]> = (v, at) =>
  Array.isArray(v) ? v.map((x, i) => anyStr(x, `${at}[${i}]`)) : fail(at, 'expected an array')

/** Version 3: version 2 plus the open attempt of each question and the decks' revealed questions. */
const v3 = obj({
  format: literal(PROGRESS_FORMAT),
  version: literal(PROGRESS_VERSION),
  entries: record(entry),
  code,
  homework,
  decks: record(obj({ ...deckFields, shown: optional(record(anyStr)) })),
  rounds: record(obj({ seed: nat, tried: strings, wrong: nat, end: optional(oneOf(['right', 'shown'])) })),
})

/** Version 2 (before question attempts and revealed deck questions were kept). */
const v2 = obj({
  format: literal(PROGRESS_FORMAT),
  version: literal(2),
  entries: record(entry),
  code,
  homework,
  decks: record(obj(deckFields)),
})

/** Version 1 (before drafts, ratings and decks): entries only, same entry fields minus the new ones. */
const v1 = obj({ format: literal(PROGRESS_FORMAT), version: literal(1), entries: record(entry) })

/** Validates parsed JSON of any known version and returns it as the current version. */
function validateProgress(value: unknown): ProgressFile {
  try {
    if (!isObject(value)) return fail('', 'expected an object')
    if (value.format !== PROGRESS_FORMAT) fail('format', `expected "${PROGRESS_FORMAT}"`)
    const version = value.version
    if (version === 1) return { ...emptyProgress(), entries: v1(value, '').entries }
    if (version === 2) return { ...v2(value, ''), version: PROGRESS_VERSION, rounds: {} }
    if (typeof version === 'number' && version > PROGRESS_VERSION)
      fail(
        'version',
        `${version} was written by a newer version of this app; this one reads 1 to ${PROGRESS_VERSION}`,
      )
    return v3(value, '') as ProgressFile
  } catch (e) {
    if (e instanceof SchemaError) throw new Error(e.message)
    throw e
  }
}

export function parseProgress(text: string): ProgressFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new Error(`not JSON: ${err instanceof Error ? err.message : String(err)}`)
  }
  return validateProgress(json)
}

export interface LoadResult {
  progress: ProgressFile
  /** Set when a stored value could not be read: where it was kept and why it was refused. */
  corrupt: { keptAs: string; reason: string } | null
}

/**
 * Reads the stored progress; a corrupt value is moved aside (never silently lost) and reported. When
 * it cannot be moved (storage full) it stays under PROGRESS_KEY, held: new progress then lives in
 * memory until exported.
 */
export function loadProgress(keys: KeyStore, now = Date.now()): LoadResult {
  const raw = keys.read(PROGRESS_KEY)
  if (raw === null) return { progress: emptyProgress(), corrupt: null }
  try {
    return { progress: parseProgress(raw), corrupt: null }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    const aside = `${PROGRESS_KEY}:corrupt:${now}`
    if (keys.write(aside, raw) === 'saved') {
      keys.remove(PROGRESS_KEY)
      return { progress: emptyProgress(), corrupt: { keptAs: aside, reason } }
    }
    keys.hold(PROGRESS_KEY)
    return { progress: emptyProgress(), corrupt: { keptAs: PROGRESS_KEY, reason } }
  }
}

/** Anything but 'saved' means the progress lives only in this tab now. */
export function saveProgress(keys: KeyStore, progress: ProgressFile): WriteOutcome {
  return keys.write(PROGRESS_KEY, JSON.stringify(progress))
}
