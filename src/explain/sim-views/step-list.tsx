/** The script as a list: each step with its id, a summary, its note, and whether it was refused. */
import './timeline-views.css'
import { useEffect, useRef } from 'react'
import type { SimFrame } from '../../engine'
import type { Lang } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { opSummary } from './op-summary'
import { timelineMessages } from './timeline-messages'

interface Props {
  frames: SimFrame[]
  cursor: number
  lang: Lang
  onJump: (cursor: number) => void
}

export function StepList({ frames, cursor, lang, onJump }: Props) {
  const t = useT(timelineMessages)
  const list = useRef<HTMLOListElement>(null)
  // Keep the current step in view inside the scrolling list, without scrolling the page.
  useEffect(() => {
    const box = list.current?.parentElement
    const item = list.current?.children[cursor - 1] as HTMLElement | undefined
    if (!box || !item) return
    const top = item.offsetTop - box.offsetTop
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 3)
  }, [cursor])
  return (
    <ol className="tl-steps" aria-label={t('steps')} ref={list}>
      {frames.map((f) => {
        const current = f.index + 1 === cursor
        const refused = f.events.find((e) => e.kind === 'error')
        return (
          <li
            key={f.index}
            className={`${current ? 'current' : ''}${f.index + 1 > cursor ? ' future' : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            <button type="button" onClick={() => onJump(f.index + 1)}>
              <span className="tl-step-n">{f.index + 1}</span>
              <code className="tl-step-op">{opSummary(f.op)}</code>
              {refused && refused.kind === 'error' && (
                <span className="tl-refused">
                  {refused.code || '!'}
                  {f.op.expectError ? ` · ${t('expectedError')}` : ''}
                </span>
              )}
            </button>
            {f.op.note && <p className="tl-note">{f.op.note[lang]}</p>}
          </li>
        )
      })}
    </ol>
  )
}
