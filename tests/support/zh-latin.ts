/**
 * What may stay Latin in the Chinese UI: code, names and protocol terms — nothing a translator
 * should have translated. A word is allowed when it is
 *   - inside code (`…` in catalogue text; <code>, <pre>, <kbd>, <samp>, the editor, SVG drawings in
 *     the page — the page test decides what counts as code),
 *   - a protocol or product term (AMQP and RabbitMQ vocabulary, formats, the languages a code
 *     exercise uses), listed here once with the reason it is not translated,
 *   - or shaped like an identifier: it contains a digit, `.`, `_`, `-`, `#`, `*`, `/` or `:`, or is
 *     written in camelCase (m1, order.created, x-match, amq.direct, eventId, prev[0], .mmd).
 */

/** Terms that stay as they are in Chinese technical writing (case-insensitive). */
const TERMS = new Set(
  [
    // AMQP 0-9-1 and RabbitMQ: names of types, flags, methods and reply codes
    'AMQP',
    'RabbitMQ',
    // the other broker a profile imitates (the playground's profile switch names it)
    'RobustMQ',
    'Broker',
    'direct',
    'fanout',
    'topic',
    'headers',
    'exchange',
    'queue',
    'binding',
    'mandatory',
    'durable',
    'transient',
    'exclusive',
    'internal',
    'passive',
    'vhost',
    'channel',
    'ack',
    'nack',
    'reject',
    'return',
    'confirm',
    'publish',
    'consume',
    'prefetch',
    'NO_ROUTE',
    'CC',
    'BCC',
    'NOT_FOUND',
    'PRECONDITION_FAILED',
    'ACCESS_REFUSED',
    'Trie',
    'DP',
    'profile',
    'policy',
    'any',
    'all',
    'ready',
    'unacked',
    // queue arguments and dead-lettering: TTL is RabbitMQ's own word, and x-death records a reason
    // (expired, maxlen, rejected) and a count exactly as these words
    'TTL',
    'expired',
    'maxlen',
    'rejected',
    'count',
    // the basic property a per-message TTL is set with, named as clients and the broker name it
    'expiration',
    // formats, languages and tools a learner types or downloads
    'JSON',
    'SVG',
    'PNG',
    'Mermaid',
    'TypeScript',
    'JavaScript',
    'Java',
    'CLI',
    // the management HTTP API, its CORS setting, and the clients and tools a lab kit runs with;
    // guest and localhost are RabbitMQ's default user and host, typed as they are (docs/lab-kits.md)
    'HTTP',
    'API',
    'CORS',
    'UTC',
    'Python',
    'amqplib',
    'pika',
    'bash',
    'curl',
    'jq',
    'guest',
    'localhost',
    // web platform names a code exercise runs in
    'Worker',
    'DOM',
    'URL',
    'ID',
    'Ctrl',
    'Enter',
    'Tab',
    'Esc',
    'Space',
    'Home',
    'End',
    'PageUp',
    'PageDown',
    'Shift',
    'Alt',
    'true',
    'false',
    'null',
  ].map((w) => w.toLowerCase()),
)

/** A token is fine when it looks like an identifier or a key rather than a word of English. */
const identifierLike = (w: string) => /[\d._\-#*/:[\]]/.test(w) || /[a-z][A-Z]/.test(w)

/** The Latin words of `text` that a Chinese reader should not see (code already removed). */
export function strayLatin(text: string, allowed: ReadonlySet<string> = new Set()): string[] {
  // a token may start with a dot (a file extension) and hold brackets (dp[i][j], prev[0])
  return (text.match(/\.?[A-Za-z][A-Za-z0-9._\-#*/:[\]]*/g) ?? []).filter(
    (w) =>
      w.length > 1 &&
      !identifierLike(w) &&
      !TERMS.has(w.toLowerCase()) &&
      !allowed.has(w) &&
      !allowed.has(w.toLowerCase()),
  )
}
