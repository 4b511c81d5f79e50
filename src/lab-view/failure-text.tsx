/** A live-mode failure in plain words; for CORS, the exact rabbitmq.conf line for this page. */
import { useT } from '../i18n/messages'
import { ScratchLeftError } from '../lab-core/live-run'
import { MgmtHttpError } from '../lab-core/mgmt-client'
import { BrokerError } from './broker-transport'
import { labMessages } from './lab-messages'

export function FailureText({ error }: { error: unknown }) {
  const t = useT(labMessages)
  if (error instanceof ScratchLeftError) {
    return (
      <>
        <div role="alert" className="live-error" data-testid="live-error" data-kind="scratch-left">
          <p>{t('scratchLeft', { detail: error.left.map((l) => l.error).join('; ') })}</p>
          <pre data-testid="scratch-left">
            {error.left.map((l) => `rabbitmqctl delete_vhost '${l.vhost}'`).join('\n')}
          </pre>
        </div>
        {error.cause !== null && <FailureText error={error.cause} />}
      </>
    )
  }
  if (error instanceof MgmtHttpError) {
    return (
      <p role="alert" className="live-error" data-testid="live-error" data-kind="http">
        {t('fail_http', { status: error.status, detail: error.body.slice(0, 300) })}
      </p>
    )
  }
  if (!(error instanceof BrokerError)) {
    return (
      <p role="alert" className="live-error" data-testid="live-error" data-kind="unknown">
        {t('failUnknown', { detail: error instanceof Error ? error.message : String(error) })}
      </p>
    )
  }
  const f = error.failure
  return (
    <div role="alert" className="live-error" data-testid="live-error" data-kind={f.kind}>
      <p>
        {f.kind === 'forbidden'
          ? t('fail_forbidden', { detail: f.detail })
          : f.kind === 'network'
            ? t('fail_network', { url: f.url })
            : f.kind === 'http'
              ? t('fail_http', { status: f.status, detail: f.detail })
              : t(`fail_${f.kind}`)}
      </p>
      {f.kind === 'cors' && (
        <pre data-testid="cors-line">{`management.cors.allow_origins.1 = ${f.origin}`}</pre>
      )}
    </div>
  )
}
