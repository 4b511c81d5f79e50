/** Preset cases of the DP stepper (plain data, shared with the e2e test). */

/** The study note's cases and the topic reference's pitfalls. */
export const DP_PRESETS: readonly { pattern: string; key: string }[] = [
  { pattern: 'order.*', key: 'order.created' },
  { pattern: 'order.*', key: 'order.eu.created' },
  { pattern: 'order.#', key: 'order' },
  { pattern: '#.b', key: 'a.b' },
  { pattern: 'a.*.c', key: 'a.b.x.c' },
  { pattern: 'a.*.c', key: 'a.b.c' },
  { pattern: '*', key: '' },
  { pattern: '#', key: '' },
  { pattern: 'a.#', key: '' },
  { pattern: 'order.#', key: 'payment.created' },
  { pattern: 'order.*', key: 'order' },
  { pattern: 'order.*', key: 'order.item.created' },
  { pattern: 'order.#.paid', key: 'order.eu.paid' },
]
