/** The focusable area of a stepper or player: ← → space Home End drive it (the buttons do the same). */
import type { ReactNode } from 'react'
import type { Player } from './use-player'

export function StepperBody({
  player,
  testId,
  children,
}: {
  player: Player
  testId: string
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the same actions are offered as buttons inside
    <div
      className="stepper-body"
      aria-keyshortcuts="ArrowLeft ArrowRight Space Home End"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard target for the stepper's shortcuts
      tabIndex={0}
      onKeyDown={player.onKeyDown}
      data-testid={testId}
    >
      {children}
    </div>
  )
}
