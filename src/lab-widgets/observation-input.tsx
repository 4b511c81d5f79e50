/**
 * Loading an observation file: drop it, paste it or pick it. A bad file gets a located message and
 * changes nothing (the diff shown so far stays).
 */
import { type DragEvent, useId, useRef, useState } from 'react'
import { useT } from '../i18n/messages'
import { type Observation, ObservationError, parseObservation } from '../lab-core/observation'
import { observeMessages } from './observe-messages'
import { problemText } from './problem-text'

export function ObservationInput({
  fingerprint,
  onObservation,
}: {
  fingerprint: string
  onObservation: (obs: Observation, text: string) => void
}) {
  const t = useT(observeMessages)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [over, setOver] = useState(false)
  const file = useRef<HTMLInputElement>(null)
  const id = useId()

  const load = (content: string) => {
    try {
      const obs = parseObservation(content, fingerprint)
      setError(null)
      onObservation(obs, content)
    } catch (e) {
      if (!(e instanceof ObservationError)) throw e
      setError(problemText(t, e.problem))
    }
  }
  const onDrop = async (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    const f = e.dataTransfer.files[0]
    if (f) load(await f.text())
    else load(e.dataTransfer.getData('text/plain'))
  }

  return (
    <div className="observation-input" data-testid="observation-input">
      <p className="muted">{t('inputIntro')}</p>
      <section
        aria-label={t('dropHere')}
        className={over ? 'drop-zone drop-over' : 'drop-zone'}
        data-testid="observation-drop"
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span>{t('dropHere')}</span>
        <button type="button" onClick={() => file.current?.click()} data-testid="observation-pick">
          {t('pick')}
        </button>
        <input
          ref={file}
          type="file"
          accept=".json,application/json,text/plain"
          hidden
          data-testid="observation-file"
          onChange={async (e) => {
            const f = e.target.files?.[0]
            e.target.value = ''
            if (f) load(await f.text())
          }}
        />
      </section>
      <label htmlFor={id}>{t('pasteLabel')}</label>
      <textarea
        id={id}
        rows={5}
        spellCheck={false}
        translate="no"
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="observation-text"
      />
      <button
        type="button"
        disabled={!text.trim()}
        onClick={() => load(text)}
        data-testid="observation-compare"
      >
        {t('compare')}
      </button>
      {error && (
        <p role="alert" className="observation-error" data-testid="observation-error">
          {error}
        </p>
      )}
    </div>
  )
}
