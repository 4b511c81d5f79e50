/**
 * A generator of topology-script TEXT from the grammar in src/engine/script/statements.ts: every
 * statement form, flags in any order and spelling (auto-delete, if-unused), bare and quoted names
 * (hostile ones too), number spellings, type prefixes, nested tables, vhost/profile lines, comments.
 * Most generated lines parse; the ones that do not are kept too (they must not break the others).
 */
import fc from 'fast-check'

const pick = <T>(...xs: T[]) => fc.constantFrom(...xs)

/** A name as written: a bare word or a JSON string, sometimes hostile. */
const nameText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: pick('a', 'q1', 'orders', 'amq.topic', 'x-y', 'a.b.*', 'logs.#', '订单', 'v/1') },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9._*#-]{0,6}$/) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.string({ maxLength: 6 }),
        pick(
          '',
          'to',
          'key',
          'passive',
          'durable',
          '123',
          '1e400',
          'a b',
          '"q"',
          '//x',
          'a\\b',
          '\u2028',
          '😀',
        ),
      )
      .map((s) => JSON.stringify(s)),
  },
)

const numberText = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  pick(
    '0',
    '-0',
    '1e400',
    '1.5',
    '-2.25e3',
    '1e21',
    '1E+2',
    '5e-324',
    '1e-400',
    '12345678901234567890',
    '0.1',
  ),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map(String)
    .filter((s) => /^-?\d/.test(s)),
)

const TYPES = ['longstr', 'bool', 'byte', 'short', 'int', 'long', 'float', 'double', 'timestamp', 'void']

const valueText: fc.Arbitrary<string> = fc.letrec<{ v: string; table: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberText,
    nameText,
    pick('true', 'false', 'null', 'void'),
    fc.tuple(pick(...TYPES.filter((t) => t !== 'void')), numberText).map(([t, n]) => `${t} ${n}`),
    fc.array(tie('v'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
    tie('table'),
  ),
  table: fc
    .uniqueArray(fc.tuple(nameText, tie('v')), { maxLength: 3, selector: ([k]) => k })
    .map((es) => `{${es.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
})).v
const tableText = valueText.filter((v) => v.startsWith('{'))

/** Optional parts in any order, each at most once. */
function someOf(parts: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  return fc
    .tuple(...parts.map((p) => fc.option(p, { nil: undefined })))
    .chain((xs) => fc.shuffledSubarray(xs.filter((x): x is string => x !== undefined)))
    .map((xs) => xs.join(' '))
}

const xFlags = [pick('durable', 'transient'), pick('auto_delete', 'auto-delete'), pick('internal')]
const qFlags = [pick('durable', 'transient'), pick('exclusive'), pick('auto_delete', 'auto-delete')]
const argsPart = tableText.map((t) => `args ${t}`)

const statement: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      nameText,
      pick('direct', 'fanout', 'topic', 'headers', '"x-custom"'),
      someOf([...xFlags, argsPart, pick('passive')]),
    )
    .map(([n, t, o]) => `exchange declare ${n} ${t} ${o}`),
  fc.tuple(nameText, someOf([...xFlags, argsPart])).map(([n, o]) => `exchange declare ${n} passive ${o}`),
  fc
    .tuple(nameText, someOf([...qFlags, argsPart, pick('passive')]))
    .map(([n, o]) => `queue declare ${n} ${o}`),
  fc
    .tuple(
      pick('bind', 'unbind'),
      pick('', 'queue ', 'exchange '),
      nameText,
      nameText,
      someOf([nameText.map((k) => `key ${k}`), argsPart]),
    )
    .map(([b, kind, d, s, o]) => `${b} ${kind}${d} ${b === 'bind' ? 'to' : 'from'} ${s} ${o}`),
  fc.tuple(nameText, pick('', ' if_unused', ' if-unused')).map(([n, f]) => `delete exchange ${n}${f}`),
  fc.tuple(nameText, pick('', ' if_unused')).map(([n, f]) => `exchange delete ${n}${f}`),
  nameText.map((n) => `delete queue ${n}`),
  nameText.map((n) => `queue delete ${n}`),
  fc
    .tuple(
      fc.option(nameText, { nil: undefined }),
      nameText,
      someOf([
        nameText.map((k) => `key ${k}`),
        tableText.map((t) => `headers ${t}`),
        tableText.map((t) => `properties ${t}`),
        pick('mandatory'),
      ]),
    )
    .map(([id, x, o]) => `publish ${id ? `${id} ` : ''}to ${x} ${o}`),
  nameText.map((n) => `vhost ${n}`),
  pick('vhost /', '// a comment', '', 'profile rabbitmq-3.10'),
)

/** A whole script: 1–12 statements, one per line, random line endings. */
export const scriptText: fc.Arbitrary<string> = fc
  .tuple(fc.array(statement, { minLength: 1, maxLength: 12 }), pick('\n', '\r\n'))
  .map(([lines, eol]) => lines.join(eol))
