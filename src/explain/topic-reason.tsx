/**
 * One topic binding against one routing key, word by word (the engine's `taken`: which key words each
 * pattern word took), where it stopped, and the DP table on demand.
 */
import { useState } from 'react'
import type { TopicExplanation } from '../engine'
import { useT } from '../i18n/messages'
import { dpMessages } from './dp/dp-messages'
import { DpLegend, DpTable } from './dp/dp-table'
import type { ExplainT } from './explain-messages'
import { topicKeyLine, topicStopLine } from './routing-reason'

export function TopicReason({ te, t }: { te: TopicExplanation; t: ExplainT }) {
  const dp = useT(dpMessages)
  const [open, setOpen] = useState(false)
  return (
    <div className="topic-reason">
      <span>{topicKeyLine(te, t)}</span>
      {te.taken.length > 0 && (
        <ol className="topic-steps">
          {te.taken.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
            <li key={i}>
              {s.patternWord === '#' && s.keyWords.length === 0
                ? t('topicTakesNone')
                : t('topicTakes', { pattern: s.patternWord, words: s.keyWords.join('.') })}
            </li>
          ))}
        </ol>
      )}
      <p className={te.matched ? 'topic-done' : 'topic-stop'}>{topicStopLine(te, t)}</p>
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
