/**
 * The level builder (docs/levels.md): the playground's topology becomes a level — its script is the
 * reference solution, the start is the same without bindings (editable), goals are `expect` lines
 * (prefilled from the script's own) and named messages (`publish NAME … => q1, q2 | returned |
 * dropped`), what may change and what is locked, hints in both languages. The author must solve the
 * level once ("Try it") before the link (`#level=v1.…`) and the file export are offered. A level
 * file can be imported back into the form.
 */
import { useMemo, useState } from 'react'
import { downloadText } from '../components/download'
import { SchemaError } from '../content/schema'
import { parseScript } from '../engine'
import { useT } from '../i18n/messages'
import { playgroundStore } from '../store/app-store'
import { hrefFor } from '../store/url-route'
import { builderMessages } from './builder-messages'
import { gradeLevel } from './grade'
import { encodeLevelLink, levelFileText, parseLevelFile } from './level-link'
import { LevelPage } from './level-page'
import { checkLevel } from './level-schema'
import type { Goal, Level } from './level-types'
import { levelsMessages } from './levels-messages'

interface Form {
  titleEn: string
  titleZh: string
  storyEn: string
  storyZh: string
  edit: 'bindings' | 'topology'
  maxBindings: string
  locked: string
  start: string
  solution: string
  goals: string
  hintsEn: string
  hintsZh: string
}

function fromPlayground(): Form {
  const text = playgroundStore.getState().text
  const lines = text.split('\n')
  const kind = (l: string) => parseScript(l).ops[0]?.op
  const topology = lines.filter(
    (l) => l.trim() && !/^\s*(publish|expect)\b/.test(l) && !l.trim().startsWith('//'),
  )
  const expects = lines.filter((l) => /^\s*expect\b/.test(l)).map((l) => l.trim())
  return {
    titleEn: '',
    titleZh: '',
    storyEn: '',
    storyZh: '',
    edit: 'bindings',
    maxBindings: '',
    locked: '',
    start: topology.filter((l) => kind(l) !== 'bind').join('\n'),
    solution: topology.join('\n'),
    goals: expects.join('\n'),
    hintsEn: '',
    hintsZh: '',
  }
}

function fromLevel(l: Level): Form {
  return {
    titleEn: l.title.en,
    titleZh: l.title['zh-CN'],
    storyEn: l.story.en,
    storyZh: l.story['zh-CN'],
    edit: l.edit,
    maxBindings: l.maxBindings === undefined ? '' : String(l.maxBindings),
    locked: (l.locked ?? []).join(', '),
    start: l.start.join('\n'),
    solution: l.solution.join('\n'),
    goals: l.goals
      .map((g) =>
        'expect' in g
          ? `expect ${g.expect}`
          : `${g.message} => ${Array.isArray(g.outcome) ? g.outcome.join(', ') : g.outcome}`,
      )
      .join('\n'),
    hintsEn: l.hints.map((h) => h.en).join('\n'),
    hintsZh: l.hints.map((h) => h['zh-CN']).join('\n'),
  }
}

function goalOf(line: string): Goal {
  const s = line.trim()
  if (s.startsWith('expect ')) return { expect: s.slice('expect '.length) }
  const at = s.lastIndexOf('=>')
  if (at < 0) return { expect: s }
  const message = s.slice(0, at).trim()
  const out = s.slice(at + 2).trim()
  const outcome =
    out === 'returned' || out === 'dropped'
      ? out
      : out
          .split(',')
          .map((q) => q.trim())
          .filter(Boolean)
  return { message, outcome }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'my-level'

function build(f: Form): { level: Level } | { error: string } {
  const lines = (s: string) => s.split('\n').filter((l) => l.trim() !== '')
  const hintsEn = lines(f.hintsEn)
  const hintsZh = lines(f.hintsZh)
  const draft = {
    id: `custom-${slug(f.titleEn)}`,
    title: { en: f.titleEn.trim(), 'zh-CN': f.titleZh.trim() },
    story: { en: f.storyEn.trim(), 'zh-CN': f.storyZh.trim() },
    kind: 'build',
    start: lines(f.start),
    edit: f.edit,
    ...(f.maxBindings.trim() ? { maxBindings: Number(f.maxBindings) } : {}),
    ...(f.locked.trim()
      ? {
          locked: f.locked
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        }
      : {}),
    goals: lines(f.goals).map(goalOf),
    hints: hintsEn.map((en, i) => ({ en, 'zh-CN': hintsZh[i] ?? '' })),
    solution: lines(f.solution),
    par: 0,
    wrong: [],
  }
  try {
    const level = checkLevel(draft, 'level')
    const g = gradeLevel(level, level.solution.join('\n'))
    if (!g.solved) return { error: 'solution: the reference solution does not meet every goal' }
    const par = g.changes
    if (gradeLevel({ ...level, par }, level.start.join('\n')).solved)
      return { error: 'start: the start already meets every goal' }
    return { level: { ...level, par } }
  } catch (e) {
    if (e instanceof SchemaError) return { error: e.message }
    throw e
  }
}

export function LevelBuilder(props: { onBack: () => void }) {
  const t = useT(builderMessages)
  const tl = useT(levelsMessages)
  const [form, setForm] = useState<Form>(fromPlayground)
  const [trial, setTrial] = useState<Level | null>(null)
  const [solvedBy, setSolvedBy] = useState<string | null>(null)
  const [importError, setImportError] = useState<string | null>(null)
  const built = useMemo(() => build(form), [form])
  const key = 'level' in built ? JSON.stringify(built.level) : null
  const solved = key !== null && solvedBy === key
  const link = useMemo(() => {
    if (!solved || !('level' in built)) return null
    const e = encodeLevelLink(built.level)
    return e.ok ? hrefFor('levels', {}, e.hash.slice(1)) : null
  }, [solved, built])
  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }))
  }
  if (trial)
    return (
      <LevelPage
        level={trial}
        context={t('trialContext')}
        record={false}
        onBack={() => setTrial(null)}
        onSolved={() => setSolvedBy(JSON.stringify(trial))}
      />
    )
  const field = (k: keyof Form, label: string, rows = 0) => (
    <div className="builder-field">
      <label htmlFor={`builder-${k}`}>{label}</label>
      {rows ? (
        <textarea
          id={`builder-${k}`}
          rows={rows}
          value={form[k]}
          onChange={set(k)}
          data-testid={`builder-${k}`}
          spellCheck={false}
        />
      ) : (
        <input id={`builder-${k}`} value={form[k]} onChange={set(k)} data-testid={`builder-${k}`} />
      )}
    </div>
  )
  return (
    <div className="level-builder panel" data-testid="level-builder">
      <nav className="level-crumbs">
        <button type="button" className="linkish" onClick={props.onBack}>
          ← {tl('backToMap')}
        </button>
      </nav>
      <h2>{tl('builder')}</h2>
      <p>{t('intro')}</p>
      <div className="builder-grid">
        {field('titleEn', t('titleEn'))}
        {field('titleZh', t('titleZh'))}
        {field('storyEn', t('storyEn'), 2)}
        {field('storyZh', t('storyZh'), 2)}
        <label className="builder-field">
          <span>{t('edit')}</span>
          <select value={form.edit} onChange={set('edit')} data-testid="builder-edit">
            <option value="bindings">{tl('rulesBindings')}</option>
            <option value="topology">{tl('rulesTopology')}</option>
          </select>
        </label>
        {field('maxBindings', t('maxBindings'))}
        {field('locked', t('locked'))}
        {field('start', t('start'), 6)}
        {field('solution', t('solution'), 6)}
        {field('goals', t('goals'), 5)}
        {field('hintsEn', t('hintsEn'), 3)}
        {field('hintsZh', t('hintsZh'), 3)}
      </div>
      {'error' in built ? (
        <p className="notice error" role="status" data-testid="builder-error">
          {built.error}
        </p>
      ) : (
        <p role="status" data-testid="builder-ok">
          {t('ready', { par: built.level.par, goals: built.level.goals.length })}
        </p>
      )}
      <div className="level-actions">
        <button
          type="button"
          className="primary"
          disabled={!('level' in built)}
          onClick={() => 'level' in built && setTrial(built.level)}
          data-testid="builder-try"
        >
          {t('tryIt')}
        </button>
        <button
          type="button"
          disabled={!solved}
          onClick={() =>
            'level' in built && downloadText(`${built.level.id}.level.json`, levelFileText(built.level))
          }
          data-testid="builder-export"
        >
          {t('exportFile')}
        </button>
        <label className="file-button">
          {t('importFile')}
          <input
            type="file"
            accept=".json,application/json"
            data-testid="builder-import"
            onChange={async (e) => {
              const file = e.target.files?.[0]
              if (!file) return
              try {
                setForm(fromLevel(parseLevelFile(await file.text())))
                setImportError(null)
              } catch (err) {
                setImportError(err instanceof Error ? err.message : String(err))
              }
            }}
          />
        </label>
      </div>
      {importError && (
        <p className="notice error" role="alert">
          {importError}
        </p>
      )}
      {!solved && 'level' in built && <p data-testid="builder-must-solve">{t('mustSolve')}</p>}
      {link && (
        <label className="builder-field">
          <span>{t('link')}</span>
          <input readOnly value={link} data-testid="builder-link" onFocus={(e) => e.target.select()} />
        </label>
      )}
    </div>
  )
}
