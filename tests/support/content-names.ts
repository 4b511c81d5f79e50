/**
 * The names the content itself declares (exchanges, queues, consumers, ids, keys in lessons/ and the
 * sample scenarios, the words of its scripts): they stay Latin in the Chinese UI, so the zh-CN checks
 * (tests/content, tests/e2e) allow them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { QUEUE_NAMES } from '../../src/practice/generator/build'

const ROOT = join(__dirname, '../..')

/** Single-token strings of the content (names, keys, ids) and the words of its scripts. */
export function contentNames(): Set<string> {
  const names = new Set<string>()
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      if (/^\S+$/.test(v) && v.length < 60) for (const w of v.split(/[.\s]/)) names.add(w.toLowerCase())
    } else if (Array.isArray(v)) v.forEach(visit)
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        names.add(k.toLowerCase())
        visit(x)
      }
  }
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f)
      if (statSync(p).isDirectory()) walk(p)
      else if (f.endsWith('.json')) visit(JSON.parse(readFileSync(p, 'utf8')))
      else if (f.endsWith('.amqp'))
        for (const w of readFileSync(p, 'utf8')
          .replace(/\/\/.*$/gm, '')
          .split(/[\s"{}:,]+/))
          names.add(w.toLowerCase())
    }
  }
  // the engine's implicit connection and channel of a timeline script (docs: timeline scripts)
  names.add('conn')
  names.add('ch')
  // the names the question generator draws from
  for (const q of QUEUE_NAMES) names.add(q)
  walk(join(ROOT, 'lessons'))
  walk(join(ROOT, 'public/scenarios'))
  return names
}
