/**
 * The player's glyphs as inline SVG (currentColor, 1em): they never depend on the system's fonts —
 * Debian's Chromium with the fonts the README installs drew ⏸ (U+23F8) as an empty box. Decorative:
 * each button keeps its text label.
 */
export type PlayerIconName = 'start' | 'back' | 'play' | 'pause' | 'forward' | 'end'

const PATHS: Record<PlayerIconName, string> = {
  // bar + triangle pointing left
  start: 'M3 3h2v10H3zM13 3v10L6 8z',
  back: 'M12 3v10L5 8z',
  play: 'M5 3v10l7-5z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  forward: 'M4 3v10l7-5z',
  // triangle pointing right + bar
  end: 'M3 3v10l7-5zM11 3h2v10h-2z',
}

export function PlayerIcon({ name }: { name: PlayerIconName }) {
  return (
    <svg
      className="player-icon"
      data-icon={name}
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      style={{ verticalAlign: '-0.125em' }}
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  )
}
