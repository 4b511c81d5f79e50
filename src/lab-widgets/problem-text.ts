/** An observation file's problem in the reader's language, always ending with "nothing was changed". */
import type { ObservationProblem } from '../lab-core/observation'
import type { observeMessages } from './observe-messages'

type T = (key: keyof (typeof observeMessages)['en'], params?: Record<string, string | number>) => string

export function problemText(t: T, p: ObservationProblem): string {
  const main = (() => {
    switch (p.code) {
      case 'json':
        return t('errJson', { line: p.line, column: p.column })
      case 'foreign':
        return t(`errForeign_${p.kind}`)
      case 'field':
        return t('errField', { path: p.path, expected: p.expected })
      case 'version':
        return t('errVersion', { version: p.version })
      case 'other-scenario':
        return t('errOtherScenario', { expected: p.expected, found: p.found })
    }
  })()
  return `${main} ${t('errUnchanged')}`
}
