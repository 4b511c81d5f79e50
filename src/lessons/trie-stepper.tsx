/** The trie walkthrough (placeholder until the engine exports traceTrieMatch). */
import type { RunResult } from '../engine'
import { useT } from '../i18n/messages'
import { trieMessages } from './trie-messages'

export function TrieStepper(_props: { run: RunResult }) {
  const t = useT(trieMessages)
  return (
    <section className="stepper trie-stepper" data-testid="stepper-trie" aria-label={t('title')}>
      <h4>{t('title')}</h4>
      <p role="status">{t('unavailable')}</p>
    </section>
  )
}
