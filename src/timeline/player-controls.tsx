/** Back / play-pause / step / start over, a position slider, and the reduced-motion switch. */
import { useT } from '../i18n/messages'
import { timelineMessages } from './timeline-messages'

interface Props {
  cursor: number
  total: number
  playing: boolean
  reducedMotion: boolean
  onCursor: (cursor: number) => void
  onPlaying: (playing: boolean) => void
  onReducedMotion: (reduced: boolean) => void
}

export function PlayerControls(p: Props) {
  const t = useT(timelineMessages)
  const atEnd = p.cursor >= p.total
  return (
    <div className="tl-controls" role="toolbar" aria-label={t('steps')}>
      <button
        type="button"
        data-testid="timeline-restart"
        onClick={() => p.onCursor(0)}
        disabled={p.cursor === 0}
      >
        ↺ {t('restart')}
      </button>
      <button
        type="button"
        data-testid="timeline-back"
        onClick={() => p.onCursor(p.cursor - 1)}
        disabled={p.cursor === 0}
      >
        ◀ {t('back')}
      </button>
      <button
        type="button"
        data-testid="timeline-play"
        onClick={() => p.onPlaying(!p.playing)}
        disabled={atEnd && !p.playing}
        aria-pressed={p.playing}
      >
        {p.playing ? `‖ ${t('pause')}` : `▶ ${t('play')}`}
      </button>
      <button
        type="button"
        data-testid="timeline-forward"
        onClick={() => p.onCursor(p.cursor + 1)}
        disabled={atEnd}
      >
        {t('forward')} ▶
      </button>
      <input
        type="range"
        min={0}
        max={p.total}
        value={p.cursor}
        aria-label={t('stepOf', { n: p.cursor, total: p.total })}
        onChange={(e) => p.onCursor(Number(e.target.value))}
      />
      <span data-testid="timeline-position" className="tl-position">
        {p.cursor === 0 ? t('beforeStart') : t('stepOf', { n: p.cursor, total: p.total })}
      </span>
      <label className="tl-motion">
        <input
          type="checkbox"
          checked={p.reducedMotion}
          onChange={(e) => p.onReducedMotion(e.target.checked)}
        />{' '}
        {t('reducedMotion')}
      </label>
    </div>
  )
}
