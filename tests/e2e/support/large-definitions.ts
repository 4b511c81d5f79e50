/**
 * A definitions.json the size of a real broker's: 40 exchanges (topic, direct, headers, fanout),
 * 2,000 queues and 10,000 bindings with topic patterns, direct keys and headers arguments.
 */
export function largeDefinitions(bindingCount = 10_000) {
  const types = ['topic', 'direct', 'headers', 'fanout'] as const
  const exchanges = Array.from({ length: 40 }, (_, e) => ({
    name: `ex.${e}`,
    vhost: '/',
    type: types[e % 4],
    durable: true,
    auto_delete: false,
    internal: false,
    arguments: {},
  }))
  const queues = Array.from({ length: 2000 }, (_, q) => ({
    name: `svc.q${q}`,
    vhost: '/',
    durable: true,
    auto_delete: false,
    arguments: {},
  }))
  const bindings = Array.from({ length: bindingCount }, (_, b) => {
    const e = b % 40
    const type = types[e % 4]
    return {
      source: `ex.${e}`,
      vhost: '/',
      destination: `svc.q${b % 2000}`,
      destination_type: 'queue',
      // every binding distinct (a repeated one is the same binding to the broker)
      routing_key:
        type === 'topic' ? `order.r${b % 97}.*.#.${b}` : type === 'direct' ? `k${b % 300}.${b}` : `f${b}`,
      arguments: type === 'headers' ? { 'x-match': 'all', region: `r${b % 50}`, n: b } : {},
    }
  })
  return { rabbit_version: '3.13.0', vhosts: [{ name: '/' }], exchanges, queues, bindings }
}
