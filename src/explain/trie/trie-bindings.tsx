/** The learner's own input to the trie walkthrough: the routing key, the bindings, add and delete. */
import { type FormEvent, useState } from 'react'
import { useT } from '../../i18n/messages'
import { trieMessages } from './trie-messages'

export interface TrieBinding {
  pattern: string
  dest: string
}

export function TrieBindings({
  bindings,
  routingKey,
  onKey,
  onAdd,
  onRemove,
}: {
  bindings: TrieBinding[]
  routingKey: string
  onKey: (key: string) => void
  onAdd: (b: TrieBinding) => void
  onRemove: (index: number) => void
}) {
  const t = useT(trieMessages)
  const [pattern, setPattern] = useState('')
  const [dest, setDest] = useState('')
  // `a..b` is three words (RabbitMQ keeps empty words), so any pattern is accepted
  const canAdd = dest.trim() !== ''
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!canAdd) return
    onAdd({ pattern, dest: dest.trim() })
    setPattern('')
  }
  return (
    <div className="trie-input">
      <label className="trie-key-input">
        {t('key')}{' '}
        <input
          value={routingKey}
          onChange={(e) => onKey(e.target.value)}
          spellCheck={false}
          data-testid="trie-key-input"
        />
      </label>
      <fieldset className="trie-bindings">
        <legend>{t('bindings')}</legend>
        <ul>
          {bindings.map((b, n) => (
            <li key={`${b.pattern}\u0000${b.dest}`} data-testid="trie-binding">
              <code>{b.pattern === '' ? '""' : b.pattern}</code> → <code>{b.dest}</code>{' '}
              <button
                type="button"
                onClick={() => onRemove(n)}
                aria-label={t('removeOne', { pattern: b.pattern, dest: b.dest })}
                data-testid={`trie-remove-${n}`}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
        <form className="trie-add" onSubmit={submit}>
          <label>
            {t('pattern')}{' '}
            <input
              value={pattern}
              onChange={(e) => setPattern(e.target.value)}
              spellCheck={false}
              data-testid="trie-add-pattern"
            />
          </label>
          <label>
            {t('queue')}{' '}
            <input
              value={dest}
              onChange={(e) => setDest(e.target.value)}
              spellCheck={false}
              data-testid="trie-add-queue"
            />
          </label>
          <button type="submit" disabled={!canAdd} data-testid="trie-add">
            {t('add')}
          </button>
        </form>
      </fieldset>
    </div>
  )
}
