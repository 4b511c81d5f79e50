/**
 * "Your own script": a JSON timeline script typed or pasted by the user. A JSON syntax error or a
 * malformed step is shown with its location; nothing runs until the script is well-formed.
 */
import { useState } from 'react'
import { type TimelineScript, validateTimelineScript } from '../engine'
import { PlayerIcon } from '../explain/player/player-icons'
import { timelineMessages } from '../explain/sim-views/timeline-messages'
import { useT } from '../i18n/messages'

const EXAMPLE = `{
  "profile": "rabbitmq-3.10",
  "steps": [
    { "op": "queue.declare", "queue": { "name": "work" } },
    { "op": "consume", "queue": "work", "consumer": "A", "prefetch": 1 },
    { "op": "consume", "queue": "work", "consumer": "B", "prefetch": 1 },
    { "op": "publish", "publish": { "id": "m1", "exchange": "", "routing_key": "work" } },
    { "op": "publish", "publish": { "id": "m2", "exchange": "", "routing_key": "work" } },
    { "op": "publish", "publish": { "id": "m3", "exchange": "", "routing_key": "work" } },
    { "op": "nack", "message": "m1", "requeue": true },
    { "op": "ack", "message": "m2" }
  ]
}`

/** Parse and validate; the error names a JSON position or a step path. */
export function readScript(text: string): { script: TimelineScript } | { error: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return { error: `JSON: ${e instanceof Error ? e.message : String(e)}` }
  }
  try {
    return { script: validateTimelineScript(json) }
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) }
  }
}

export function CustomScript({ onPlay }: { onPlay: (script: TimelineScript) => void }) {
  const t = useT(timelineMessages)
  const [text, setText] = useState(EXAMPLE)
  const [error, setError] = useState<string | null>(null)
  return (
    <div className="tl-custom">
      <label htmlFor="tl-custom-text">{t('customHelp')}</label>
      <textarea
        id="tl-custom-text"
        data-testid="timeline-custom-text"
        value={text}
        spellCheck={false}
        rows={12}
        onChange={(e) => setText(e.target.value)}
      />
      <button
        type="button"
        data-testid="timeline-custom-run"
        onClick={() => {
          const read = readScript(text)
          if ('error' in read) setError(read.error)
          else {
            setError(null)
            onPlay(read.script)
          }
        }}
      >
        <PlayerIcon name="play" /> {t('customRun')}
      </button>
      {error && (
        <p className="tl-broken" role="alert" data-testid="timeline-custom-error">
          {error}
        </p>
      )}
    </div>
  )
}
