/**
 * A homework task checked by the whole-message-space analysis (docs/analysis.md, docs/practice.md
 * "Homework"): hidden behind a button until the learner says their own answer is written, then one
 * link per case — the sample with its requirements (holds / fails with a counter-example), or a
 * version compared with the one before it (gained and lost destinations drawn on the diagram).
 * Each link is the documented `?scenario=…&compare=…` form; a click opens it in place, keeping
 * unsaved playground work safe (openInPlayground asks first).
 */
import { type MouseEvent, useState } from 'react'
import { useLanguage } from '../../i18n/language'
import { useT } from '../../i18n/messages'
import { hrefFor } from '../../store/url-route'
import type { HomeworkCheck, HomeworkCheckCase } from '../content/types'
import { homeworkMessages } from './homework-messages'

const SYNTAX = [
  'expect "KEY" reaches QUEUE',
  'expect "KEY" reaches only QUEUE, QUEUE',
  'expect "KEY" unroutable',
  'expect nothing but "KEY" reaches QUEUE',
]

/** The documented link: the case as the work, `compare=` its "before" (docs/playground.md). */
function checkCaseHref(c: HomeworkCheckCase): string {
  return hrefFor(
    'playground',
    c.compare ? { scenario: c.scenario, compare: c.compare } : { scenario: c.scenario },
  )
}

async function openCase(c: HomeworkCheckCase, href: string): Promise<void> {
  try {
    const [{ fetchPublicScenarioScript }, { openInPlayground }] = await Promise.all([
      import('../../store/scenario-link'),
      import('../../store/open-in-playground'),
    ])
    const base = document.baseURI
    const [text, before] = await Promise.all([
      fetchPublicScenarioScript(c.scenario, base),
      c.compare ? fetchPublicScenarioScript(c.compare, base) : Promise.resolve(null),
    ])
    await openInPlayground(text, {
      source: c.scenario,
      ...(c.compare && before !== null ? { compare: { name: c.compare, text: before } } : {}),
    })
  } catch {
    // The link itself reports what went wrong, in the playground's notices.
    window.location.assign(href)
  }
}

function CaseItem({ c }: { c: HomeworkCheckCase }) {
  const lang = useLanguage((s) => s.lang)
  const href = checkCaseHref(c)
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    void openCase(c, href)
  }
  return (
    <li data-testid="homework-check-case" data-case={c.id}>
      <a href={href} onClick={open} data-testid="homework-check-open">
        {c.label[lang]}
      </a>{' '}
      <span className="muted">
        ({c.scenario}
        {c.compare ? ` ↔ ${c.compare}` : ''})
      </span>
      <p>{c.look[lang]}</p>
    </li>
  )
}

export default function HomeworkCheckView({ id, check }: { id: string; check: HomeworkCheck }) {
  const t = useT(homeworkMessages)
  const lang = useLanguage((s) => s.lang)
  const [shown, setShown] = useState(false)
  const heading = `${id}-check-heading`
  return (
    <section className="homework-check" data-testid="homework-check" aria-labelledby={heading}>
      <h4 id={heading}>{t('checkHeading')}</h4>
      <p>{check.first[lang]}</p>
      <p className="muted">{t('checkOwn')}</p>
      <ul className="homework-check-syntax">
        {SYNTAX.map((line) => (
          <li key={line}>
            <code>{line}</code>
          </li>
        ))}
      </ul>
      {shown ? (
        <>
          <p className="muted">{t('checkShown')}</p>
          <ul className="homework-check-cases">
            {check.cases.map((c) => (
              <CaseItem key={c.id} c={c} />
            ))}
          </ul>
        </>
      ) : (
        <p>
          <button type="button" data-testid="homework-check-reveal" onClick={() => setShown(true)}>
            {t('checkReveal')}
          </button>{' '}
          <span className="muted">{t('checkRevealNote')}</span>
        </p>
      )}
    </section>
  )
}
