/**
 * The publish form: exchange, routing key, typed headers, mandatory, and (folded) the per-message
 * TTL, priority and body. Ctrl+Enter submits it.
 */
import type { TopologySnapshot } from '../engine'
import { useT } from '../i18n/messages'
import { formsMessages } from './forms-messages'
import { HeadersEditor } from './headers-editor'
import { draftExchange, exchangeChoices, propertiesSet, publishDraft, usePublishDraft } from './publish-draft'

export function PublishForm({
  topology,
  readOnly,
}: {
  topology: TopologySnapshot | null
  readOnly: boolean
}) {
  const t = useT(formsMessages)
  const d = usePublishDraft()
  const choices = exchangeChoices(topology)
  const exchange = draftExchange(d.exchange, topology)
  const multiVhost = (topology?.vhosts.length ?? 1) > 1
  return (
    <form
      className="panel publish-form"
      data-testid="publish-form"
      aria-labelledby="publish-heading"
      onSubmit={(e) => {
        e.preventDefault()
        publishDraft()
      }}
    >
      <h2 id="publish-heading">{t('publishHeading')}</h2>
      <fieldset disabled={readOnly}>
        <div className="form-grid">
          <label>
            {t('publishExchange')}
            <select
              value={exchange.key}
              data-testid="publish-exchange"
              onChange={(e) => d.set({ exchange: e.target.value })}
            >
              {choices.map((c) => (
                <option key={c.key} value={c.key} data-name={c.name}>
                  {multiVhost ? `${c.vhost} · ` : ''}
                  {c.name === '' ? t('defaultExchangeOption') : c.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('routingKey')}
            <input
              value={d.routingKey}
              data-testid="publish-key"
              onChange={(e) => d.set({ routingKey: e.target.value })}
            />
          </label>
        </div>
        <HeadersEditor
          rows={d.headers}
          onChange={(headers) => d.set({ headers })}
          legend={t('headers')}
          testId="publish-headers"
        />
        <label className="check">
          <input
            type="checkbox"
            checked={d.mandatory}
            data-testid="publish-mandatory"
            onChange={(e) => d.set({ mandatory: e.target.checked })}
          />
          {t('mandatory')}
        </label>
        <details className="publish-properties" data-testid="publish-properties">
          <summary>
            {t('messageProperties')}
            {propertiesSet(d) > 0 && (
              <span className="muted"> · {t('propertiesSet', { n: propertiesSet(d) })}</span>
            )}
          </summary>
          <div className="form-grid">
            <label>
              {t('expiration')}
              <input
                inputMode="numeric"
                value={d.expiration}
                data-testid="publish-expiration"
                onChange={(e) => d.set({ expiration: e.target.value })}
              />
            </label>
            <label>
              {t('priority')}
              <input
                inputMode="numeric"
                value={d.priority}
                data-testid="publish-priority"
                onChange={(e) => d.set({ priority: e.target.value })}
              />
            </label>
            <label className="wide">
              {t('body')}
              <input
                value={d.body}
                data-testid="publish-body"
                placeholder={t('bodyPlaceholder')}
                onChange={(e) => d.set({ body: e.target.value })}
              />
            </label>
          </div>
        </details>
        {d.error && (
          <p role="alert" className="bad">
            {t('badNumber', d.error)}
          </p>
        )}
        {d.priorityError !== null && (
          <p role="alert" className="bad" data-testid="publish-priority-problem">
            {t('badPriority', { value: d.priorityError })}
          </p>
        )}
        <button type="submit" className="primary" data-testid="publish-button">
          {t('publish')} <kbd>{t('publishShortcut')}</kbd>
        </button>
      </fieldset>
    </form>
  )
}
