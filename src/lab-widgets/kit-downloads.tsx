/** The four lab kits for a plan: download buttons, how to run each, and where each may differ. */
import { downloadText } from '../components/download'
import { useT } from '../i18n/messages'
import { KIT_FILES, KIT_RUN, kitSource, limitsOf } from '../lab-core/kits'
import { KIT_FLAVOURS } from '../lab-core/observation'
import type { LabPlan } from '../lab-core/plan'
import { observeMessages } from './observe-messages'

export function KitDownloads({ plan }: { plan: LabPlan }) {
  const t = useT(observeMessages)
  return (
    <div className="kit-list" data-testid="kit-downloads">
      <p className="muted kit-env">{t('envHint')}</p>
      {KIT_FLAVOURS.map((flavour) => {
        const limits = limitsOf(flavour, plan)
        const file = KIT_FILES[flavour]
        return (
          <section key={flavour} className="kit" data-kit={flavour}>
            <h4>{t(`kit_${flavour}`)}</h4>
            <button
              type="button"
              data-testid={`kit-${flavour}`}
              onClick={() => downloadText(file, kitSource(flavour, plan), 'text/plain')}
            >
              {t('download', { file })}
            </button>
            <details>
              <summary>{t('howToRun')}</summary>
              <pre>{KIT_RUN[flavour].join('\n')}</pre>
            </details>
            {limits.length === 0 ? (
              <p className="muted">{t('limitsNone')}</p>
            ) : (
              <div className="kit-limits" data-testid={`kit-limits-${flavour}`}>
                <p>{t('limitsSome')}</p>
                <ul>
                  {limits.map((l) => (
                    <li key={`${l.code}:${l.step}:${l.detail ?? ''}`}>
                      {t(`limit_${l.code}`, { step: l.step, detail: l.detail ?? '' })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>
        )
      })}
    </div>
  )
}
