/** One topic binding against one routing key, word by word, with the DP table on demand. */
import { useState } from 'react'
import type { TopicExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { dpMessages } from './dp/dp-messages'
import { DpLegend, DpTable } from './dp/dp-table'
import type { ExplainT } from './explain-messages'
import { topicFailureText } from './explain-text'
import { readTopic } from './topic-steps'

export function TopicReason({ te, t }: { te: TopicExplanation; t: ExplainT }) {
  const dp = useT(dpMessages)
  const [open, setOpen] = useState(false)
  const reading = readTopic(te)
  return (
    <div className="topic-reason">
      <span>{t('topicKey', { key: te.routingKey })}</span>
      {reading.steps.length > 0 && (
        <ol className="topic-steps">
          {reading.steps.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
            <li key={i}>
              {s.patternWord === '#' && s.keyWords.length === 0
                ? t('topicTakesNone')
                : t('topicTakes', { pattern: s.patternWord, words: s.keyWords.join('.') })}
            </li>
          ))}
        </ol>
      )}
      <p className={reading.failure ? 'topic-stop' : 'topic-done'}>{topicFailureText(reading, t)}</p>
      <button type="button" className="linkish" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('dpTable')}
      </button>
      {open && (
        <>
          <DpTable grid={te} caption={dp('whyCaption')} testId="why-dp-table" />
          <DpLegend />
        </>
      )}
    </div>
  )
}
