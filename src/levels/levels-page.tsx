/**
 * The Levels view: `?view=levels` is the map of chapters (following the lessons) with each level's
 * progress, `?view=levels&level=<id>` one level (a shipped one or an arcade id, `arcade-<seed>`),
 * `#level=v1.…` a level shared by link (docs/levels.md). Progress is the practice progress store's.
 */
import { useEffect, useMemo, useState } from 'react'
import { downloadText } from '../components/download'
import { useLanguage } from '../i18n/language'
import { useT } from '../i18n/messages'
import { useProgress } from '../practice/progress/progress-store'
import { clearHash, navigate, setPageTitle, useRoute } from '../store/url-route'
import { arcadeLevel, isArcadeId } from './arcade'
import { LevelBuilder } from './level-builder'
import { CHAPTERS, LEVEL_ERRORS, LEVELS } from './level-content'
import { decodeLevelLink } from './level-link'
import { LevelPage } from './level-page'
import { type LevelStatus, useLevelStatus } from './level-progress'
import type { Chapter, Level } from './level-types'
import { levelsMessages } from './levels-messages'
import './levels.css'

type T = ReturnType<typeof useT<keyof (typeof levelsMessages)['en']>>

const STATUS_KEY: Record<
  LevelStatus,
  'statusAtPar' | 'statusSolved' | 'statusSeen' | 'statusTried' | 'statusNew'
> = {
  'at-par': 'statusAtPar',
  solved: 'statusSolved',
  seen: 'statusSeen',
  tried: 'statusTried',
  new: 'statusNew',
}

function LevelTile({ level, t }: { level: Level; t: T }) {
  const lang = useLanguage((s) => s.lang)
  const status = useLevelStatus(level.id)
  return (
    <li>
      <a
        href={`?view=levels&level=${level.id}`}
        className={`level-tile status-${status}`}
        data-testid="level-tile"
        data-level={level.id}
        data-status={status}
        onClick={(e) => {
          e.preventDefault()
          navigate('levels', { level: level.id })
        }}
      >
        <span className="tile-title">
          {level.kind === 'fix' && <span className="badge fix">{t('fixIt')}</span>} {level.title[lang]}
        </span>
        <span className="tile-status">
          {status === 'at-par' ? '★ ' : status === 'solved' ? '✓ ' : ''}
          {t(STATUS_KEY[status])}
        </span>
      </a>
    </li>
  )
}

function LevelMap() {
  const t = useT(levelsMessages)
  const lang = useLanguage((s) => s.lang)
  const [seed, setSeed] = useState(() => String(1 + Math.floor(Math.random() * 9999)))
  useEffect(() => setPageTitle(null), [])
  return (
    <div className="levels-map" data-testid="levels-map">
      <header className="panel">
        <h2>{t('mapTitle')}</h2>
        <p>{t('mapIntro')}</p>
        <div className="map-tools">
          <button
            type="button"
            onClick={() => downloadText('practice-progress.json', useProgress.getState().exportText())}
            data-testid="levels-export-progress"
          >
            {t('exportProgress')}
          </button>
          <button
            type="button"
            onClick={() => navigate('levels', { builder: '1' })}
            data-testid="levels-builder"
          >
            {t('builder')}
          </button>
        </div>
      </header>
      {LEVEL_ERRORS.length > 0 && (
        <div role="alert" className="panel content-errors">
          <p>{t('contentErrors')}</p>
          <ul>
            {LEVEL_ERRORS.map((e) => (
              <li key={e.file + e.message}>
                <code>lessons/levels/{e.file}</code>: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ol className="chapters" aria-label={t('levelsNav')}>
        {CHAPTERS.map((c, i) => (
          <li key={c.id} className="panel chapter" data-testid="level-chapter" data-chapter={c.id}>
            <h3>
              <span className="chapter-n">{t('chapter', { n: i + 1 })}</span> {c.title[lang]}
            </h3>
            <p>{c.intro[lang]}</p>
            <ul className="level-tiles">
              {c.levels.map((l) => (
                <LevelTile key={l.id} level={l} t={t} />
              ))}
            </ul>
          </li>
        ))}
        <li className="panel chapter arcade" data-testid="level-arcade">
          <h3>{t('arcade')}</h3>
          <p>{t('arcadeIntro')}</p>
          <form
            className="arcade-form"
            onSubmit={(e) => {
              e.preventDefault()
              const n = Number.parseInt(seed, 10)
              if (Number.isInteger(n) && n >= 0) navigate('levels', { level: `arcade-${n}` })
            }}
          >
            <label>
              {t('arcadeSeed')}{' '}
              <input
                value={seed}
                inputMode="numeric"
                pattern="[0-9]+"
                onChange={(e) => setSeed(e.target.value)}
                data-testid="arcade-seed"
              />
            </label>
            <button type="submit" data-testid="arcade-play">
              {t('arcadePlay')}
            </button>
          </form>
        </li>
      </ol>
    </div>
  )
}

function findShipped(id: string): { level: Level; chapter: Chapter; next: string | undefined } | null {
  for (const chapter of CHAPTERS) {
    const level = chapter.levels.find((l) => l.id === id)
    if (level) {
      const at = LEVELS.indexOf(level)
      return { level, chapter, next: LEVELS[at + 1]?.id }
    }
  }
  return null
}

export default function LevelsPage() {
  const t = useT(levelsMessages)
  const lang = useLanguage((s) => s.lang)
  const params = useRoute((s) => s.params)
  const hash = useRoute((s) => s.hash)
  const [present, setPresent] = useState(false)
  const shared = useMemo(() => (hash.startsWith('level=') ? decodeLevelLink(`#${hash}`) : null), [hash])
  const id = params.level ?? null
  const found = useMemo(() => {
    if (!id) return null
    if (isArcadeId(id)) {
      const level = arcadeLevel(id)
      return level ? { level, context: t('arcade'), next: undefined } : null
    }
    const f = findShipped(id)
    return f
      ? {
          level: f.level,
          context: `${t('chapter', { n: CHAPTERS.indexOf(f.chapter) + 1 })} · ${f.chapter.title[lang]}`,
          next: f.next,
        }
      : null
  }, [id, t, lang])
  const level = shared?.ok ? shared.level : (found?.level ?? null)
  useEffect(() => setPageTitle(level ? level.title[lang] : null), [level, lang])

  if (params.builder === '1') return <LevelBuilder onBack={() => navigate('levels')} />
  if (shared && !shared.ok) {
    const e = shared.error
    const text =
      e.kind === 'newer'
        ? t('linkNewer', { version: e.version })
        : e.kind === 'too-large'
          ? t('linkTooLarge')
          : e.kind === 'invalid'
            ? t('linkInvalid', { detail: e.detail })
            : t('linkDamaged')
    return (
      <div className="levels-view">
        <p role="alert" className="panel notice error" data-testid="level-link-error">
          {text}
        </p>
        <LevelMap />
      </div>
    )
  }
  if (!level && id)
    return (
      <div className="levels-view">
        <p role="alert" className="panel notice error" data-testid="level-not-found">
          {t('notFound', { id })}
        </p>
        <LevelMap />
      </div>
    )
  if (!level) return <LevelMap />
  const next = found?.next
  return (
    <div className={`levels-view ${present ? 'presenting' : ''}`} data-testid="levels-view">
      <div className="present-toggle">
        <button
          type="button"
          onClick={() => setPresent((p) => !p)}
          aria-pressed={present}
          data-testid="level-present"
        >
          {present ? t('stopPresenting') : t('present')}
        </button>
      </div>
      <LevelPage
        level={level}
        context={shared?.ok ? t('sharedLevel') : (found?.context ?? '')}
        onBack={() => {
          if (shared) clearHash()
          navigate('levels')
        }}
        next={!shared && next ? () => navigate('levels', { level: next }) : undefined}
      />
    </div>
  )
}
