/**
 * Walking skeleton of the playground: the study note's order example is routed by the engine in the
 * Worker and drawn with the path highlighted. (The full playground replaces this page.)
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import sample from '../../public/scenarios/study-orders.json'
import { useTheme } from '../app/theme'
import { toMermaid } from '../diagram/to-mermaid'
import type { RunResult, Scenario } from '../engine'
import { useT } from '../i18n/messages'
import { engineClient } from '../worker/client'
import { playgroundMessages } from './playground-messages'

const MermaidView = lazy(() => import('../diagram/mermaid-view'))

export default function PlaygroundPage() {
  const t = useT(playgroundMessages)
  const theme = useTheme((s) => s.theme)
  const [run, setRun] = useState<RunResult | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    engineClient()
      .latest('playground', 'runScenario', sample as Scenario)
      .then(setRun, (e: Error) => {
        if (e.name !== 'StaleReplyError') setError(e.message)
      })
  }, [])

  const publish = run?.publishes[0] ?? null
  const text = useMemo(() => (run ? toMermaid(run.topology, publish) : null), [run, publish])

  return (
    <section className="playground">
      {error && <p role="alert">{error}</p>}
      {run && publish && (
        <div className="panel" data-testid="route-result">
          <p>
            {t('published', { key: publish.routingKeys[0] ?? '', exchange: publish.exchange })}
          </p>
          <p>{t('targets')}</p>
          <ul>
            {publish.queues.map((q) => (
              <li key={q.queue} data-queue={q.queue}>
                {q.queue}
              </li>
            ))}
          </ul>
        </div>
      )}
      {text && (
        <Suspense fallback={<p className="loading">{t('loadingDiagram')}</p>}>
          <MermaidView text={text} theme={theme} label={t('diagram')} />
        </Suspense>
      )}
    </section>
  )
}
