/** The buttons every stepper shares; the keyboard map lives in usePlayer. */
import { useT } from '../i18n/messages'
import { playerMessages } from './lessons-messages'
import { type Player, SPEEDS, usePrefersReducedMotion } from './use-player'

export function PlayerControls({ player, testId }: { player: Player; testId: string }) {
  const t = useT(playerMessages)
  const reduced = usePrefersReducedMotion()
  const { cursor, total, playing } = player
  return (
    <div className="player" role="toolbar" aria-label={t('controls')}>
      <button type="button" onClick={player.toStart} disabled={cursor === 0} data-testid={`${testId}-start`}>
        {t('start')}
      </button>
      <button type="button" onClick={player.back} disabled={cursor === 0} data-testid={`${testId}-back`}>
        {t('back')}
      </button>
      <button type="button" onClick={player.toggle} aria-pressed={playing} data-testid={`${testId}-play`}>
        {playing ? t('pause') : t('play')}
      </button>
      <button
        type="button"
        onClick={player.forward}
        disabled={cursor >= total}
        data-testid={`${testId}-forward`}
      >
        {t('forward')}
      </button>
      <button type="button" onClick={player.toEnd} disabled={cursor >= total} data-testid={`${testId}-end`}>
        {t('end')}
      </button>
      <label className="player-speed">
        {t('speed')}{' '}
        <select
          value={player.speed}
          onChange={(e) => player.setSpeed(Number(e.target.value))}
          data-testid={`${testId}-speed`}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <output className="player-position" data-testid={`${testId}-position`} aria-live="polite">
        {t('position', { n: cursor, total })}
      </output>
      <p className="player-keys">{reduced ? t('reducedMotion') : t('keys')}</p>
    </div>
  )
}
