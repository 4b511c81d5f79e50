/**
 * Live mode: connect to a management API, list vhosts, import one into the playground, and run the
 * current scenario in a scratch vhost (its own topology or one copied from a vhost). Credentials
 * exist only in this component's state and the transport built from them.
 */
import { useId, useRef, useState } from 'react'
import { importDefinitions } from '../engine'
import { useT } from '../i18n/messages'
import { runPlanLive, ScratchLeftError } from '../lab-core/live-run'
import { MgmtClient, type Overview } from '../lab-core/mgmt-client'
import type { Observation } from '../lab-core/observation'
import type { LabPlan } from '../lab-core/plan'
import { openInPlayground } from '../store/open-in-playground'
import { scenarioToScript } from '../store/scenario-link'
import { BrokerError, browserTransport, failOnRefusal, normaliseBrokerUrl } from './broker-transport'
import { FailureText } from './failure-text'
import { labMessages } from './lab-messages'

interface Session {
  client: MgmtClient
  overview: Overview
  vhosts: string[]
}

const randomTag = () => Math.random().toString(36).slice(2, 8)

export function LivePanel({
  plan,
  onObservation,
}: {
  plan: LabPlan | null
  onObservation: (obs: Observation) => void
}) {
  const t = useT(labMessages)
  const ids = { url: useId(), user: useId(), password: useId(), vhost: useId(), source: useId() }
  const [url, setUrl] = useState('http://localhost:15672')
  const [user, setUser] = useState('guest')
  const [password, setPassword] = useState('')
  const [session, setSession] = useState<Session | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [vhost, setVhost] = useState('')
  const [source, setSource] = useState('')
  const [ran, setRan] = useState<string | null>(null)
  const generation = useRef(0)

  const guard = async (label: string, work: () => Promise<void>) => {
    setBusy(label)
    setError(null)
    try {
      await work()
    } catch (e) {
      setError(e)
    } finally {
      setBusy(null)
    }
  }

  const connect = () =>
    guard(t('connecting'), async () => {
      const base = normaliseBrokerUrl(url)
      if (!base) throw new BrokerError({ kind: 'bad-url' })
      let loggedIn = false
      const client = new MgmtClient(failOnRefusal(browserTransport(base, user, password), () => loggedIn))
      const overview = await client.overview()
      loggedIn = true
      const vhosts = await client.vhosts()
      generation.current++
      setSession({ client, overview, vhosts })
      setVhost(vhosts[0] ?? '')
      setRan(null)
    })

  const disconnect = () => {
    generation.current++
    setSession(null)
    setPassword('')
    setError(null)
    setRan(null)
  }

  const importVhost = (s: Session) =>
    guard(t('importing'), async () => {
      const { scenario } = importDefinitions(await s.client.definitions(vhost))
      await openInPlayground(scenarioToScript(scenario), { source: `vhost:${vhost}`, run: false })
    })

  const runLive = (s: Session, p: LabPlan) =>
    guard(t('running', { done: 0, total: p.steps.length }), async () => {
      const mine = generation.current
      const scratch = `lab-live-${p.fingerprint.slice(0, 8)}-${randomTag()}`
      const obs = await runPlanLive(p, s.client, {
        scratch,
        user: s.overview.user,
        ...(source ? { topologyFrom: source } : {}),
        onStep: (done, total) => setBusy(t('running', { done, total })),
      }).catch((e: unknown) => {
        // The run worked but a scratch vhost stayed: show what was observed and say what is left.
        if (e instanceof ScratchLeftError && e.observation && mine === generation.current)
          onObservation(e.observation)
        throw e
      })
      if (mine !== generation.current) return // disconnected meanwhile
      setRan(scratch)
      onObservation(obs)
    })

  return (
    <div className="live-panel" data-testid="live-panel">
      <p className="muted">{t('liveIntro')}</p>
      {!session ? (
        <div className="live-connect">
          <label htmlFor={ids.url}>{t('url')}</label>
          <input
            id={ids.url}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            data-testid="live-url"
            autoComplete="off"
            spellCheck={false}
          />
          <label htmlFor={ids.user}>{t('user')}</label>
          <input
            id={ids.user}
            value={user}
            onChange={(e) => setUser(e.target.value)}
            data-testid="live-user"
            autoComplete="off"
            spellCheck={false}
          />
          <label htmlFor={ids.password}>{t('password')}</label>
          <input
            id={ids.password}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="live-password"
            autoComplete="off"
          />
          <button type="button" onClick={connect} disabled={busy !== null} data-testid="live-connect">
            {busy ?? t('connect')}
          </button>
        </div>
      ) : (
        <div className="live-session">
          <p data-testid="live-connected">
            {t('connected', { ...session.overview })}{' '}
            <button type="button" onClick={disconnect} data-testid="live-disconnect">
              {t('disconnect')}
            </button>
          </p>
          <h4>{t('vhostsHeading')}</h4>
          {session.vhosts.length === 0 ? (
            <p className="muted">{t('noVhosts')}</p>
          ) : (
            <div className="live-row">
              <label htmlFor={ids.vhost} className="sr-only">
                {t('vhostsHeading')}
              </label>
              <select
                id={ids.vhost}
                value={vhost}
                onChange={(e) => setVhost(e.target.value)}
                data-testid="live-vhosts"
              >
                {session.vhosts.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
              <button
                type="button"
                disabled={busy !== null || !vhost}
                onClick={() => importVhost(session)}
                data-testid="live-import"
              >
                {t('importVhost')}
              </button>
              <span className="muted">{t('importHint')}</span>
            </div>
          )}
          <h4>{t('runHeading')}</h4>
          <p className="muted">{t('runHint')}</p>
          <div className="live-row">
            <label htmlFor={ids.source}>{t('topologySource')}</label>
            <select
              id={ids.source}
              value={source}
              onChange={(e) => setSource(e.target.value)}
              data-testid="live-source"
            >
              <option value="">{t('sourceScript')}</option>
              {plan?.vhosts.length === 1 &&
                session.vhosts.map((v) => (
                  <option key={v} value={v}>
                    {t('sourceVhost', { vhost: v })}
                  </option>
                ))}
            </select>
            <button
              type="button"
              disabled={busy !== null || plan === null}
              onClick={() => plan && runLive(session, plan)}
              data-testid="live-run"
            >
              {t('run')}
            </button>
          </div>
          {busy && (
            <p className="muted" data-testid="live-busy">
              {busy}
            </p>
          )}
          {ran && !busy && (
            <p className="muted" data-testid="live-ran">
              {t('ranLive', { name: ran })}
            </p>
          )}
        </div>
      )}
      {error !== null && <FailureText error={error} />}
    </div>
  )
}
