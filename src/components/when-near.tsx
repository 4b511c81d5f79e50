/**
 * A heavy part below the fold on a phone — a lesson's or an exercise's Mermaid diagram — is mounted
 * when it scrolls into view, not during the first load: Mermaid's evaluation, layout and the overlay
 * are seconds of main-thread work at a phone's speed (Lighthouse mobile: TBT 668–799 ms on the lesson
 * and practice views). On a wide screen the part is mounted at once, as before: it is in view there.
 */
import { type ReactNode, useState } from 'react'
import { useNearViewport } from './use-near-viewport'

const narrowScreen = () => typeof matchMedia === 'function' && !matchMedia('(min-width: 961px)').matches

export function WhenNear({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [narrow] = useState(narrowScreen)
  const [near, ref] = useNearViewport('0px')
  return <div ref={narrow ? ref : undefined}>{near || !narrow ? children : placeholder}</div>
}
