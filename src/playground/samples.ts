/** The samples menu: scenario files served beside the app (public/scenarios), loaded like `?scenario=`. */
import type { toolbarMessages } from './toolbar-messages'

type Key = keyof (typeof toolbarMessages)['en']

export const SAMPLES: readonly { file: string; label: Key }[] = [
  { file: 'study-orders.json', label: 'sampleOrders' },
  { file: 'tutorial-topic.json', label: 'sampleTutorial' },
  { file: 'seed-direct.json', label: 'sampleDirect' },
  { file: 'seed-fanout.json', label: 'sampleFanout' },
  { file: 'seed-topic.json', label: 'sampleTopic' },
  { file: 'seed-headers.json', label: 'sampleHeaders' },
  { file: 'seed-dedup.json', label: 'sampleDedup' },
  { file: 'e2e-alternate.json', label: 'sampleE2e' },
]

export const sampleUrl = (file: string) => `scenarios/${file}`
