/**
 * The buttons of the one player: start, back, play/pause, next, end, an optional position slider,
 * speed, the position and the keys. The keyboard map lives in usePlayer.
 */
import { useT } from '../../i18n/messages'
import { PlayerIcon } from './player-icons'
import { playerMessages } from './player-messages'
import { type Player, SPEEDS } from './use-player'
import './player.css'

export interface PlayerControlsProps {
  player: Player
  /** Prefix of the test ids: `${testId}-start`, `-back`, `-play`, `-forward`, `-end`, `-speed`, `-position`. */
  testId: string
  /** Show a range slider over the steps (long traces such as the timeline). */
  slider?: boolean
  /** Reduced motion and its switch; without a setter only the note is shown when it is on. */
  motion?: { reduced: boolean; setReduced?: (v: boolean) => void }
}

export function PlayerControls({ player, testId, slider = false, motion }: PlayerControlsProps) {
  const t = useT(playerMessages)
  const { cursor, total, playing } = player
  const where = cursor === 0 ? t('beforeStart') : t('position', { n: cursor, total })
  return (
    <div className="player" role="toolbar" aria-label={t('controls')}>
      <button type="button" onClick={player.toStart} disabled={cursor === 0} data-testid={`${testId}-start`}>
        <PlayerIcon name="start" /> {t('start')}
      </button>
      <button type="button" onClick={player.back} disabled={cursor === 0} data-testid={`${testId}-back`}>
        <PlayerIcon name="back" /> {t('back')}
      </button>
      <button
        type="button"
        onClick={player.toggle}
        aria-pressed={playing}
        disabled={total === 0}
        data-testid={`${testId}-play`}
      >
        <PlayerIcon name={playing ? 'pause' : 'play'} /> {playing ? t('pause') : t('play')}
      </button>
      <button
        type="button"
        onClick={player.forward}
        disabled={cursor >= total}
        data-testid={`${testId}-forward`}
      >
        {t('forward')} <PlayerIcon name="forward" />
      </button>
      <button type="button" onClick={player.toEnd} disabled={cursor >= total} data-testid={`${testId}-end`}>
        {t('end')} <PlayerIcon name="end" />
      </button>
      {slider && (
        <input
          type="range"
          className="player-slider"
          min={0}
          max={total}
          value={cursor}
          aria-label={t('slider')}
          aria-valuetext={where}
          onChange={(e) => player.setCursor(Number(e.target.value))}
          data-testid={`${testId}-slider`}
        />
      )}
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
        {where}
      </output>
      {motion?.setReduced && (
        <label className="player-motion">
          <input
            type="checkbox"
            checked={motion.reduced}
            onChange={(e) => motion.setReduced?.(e.target.checked)}
            data-testid={`${testId}-motion`}
          />{' '}
          {t('reducedMotion')}
        </label>
      )}
      <p className="player-keys">{motion?.reduced ? t('reducedMotionOn') : t('keys')}</p>
    </div>
  )
}
