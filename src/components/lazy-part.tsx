/**
 * React.lazy that can load again, with its own error boundary. React.lazy keeps a failed import for
 * good; a lazy part tries the download twice, then shows PartBoundary's "reload this part" in its
 * place only (the rest of the page keeps working), and the button imports the chunk anew (browsers
 * retry a failed dynamic import; vite:preloadError has already been dispatched by then).
 *   const Editor = lazyPart(() => import('./editor'))      // module level, like React.lazy
 *   <Suspense fallback={…}><Editor {...props} /></Suspense>
 */
import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from 'react'
import { PartBoundary } from './part-boundary'

type Loader<P> = () => Promise<{ default: ComponentType<P> }>

interface Slot<P> {
  current: LazyExoticComponent<ComponentType<P>>
  reload(): void
}

/** One quiet second attempt for a dropped connection; a second failure is shown. */
function twice<P>(load: Loader<P>): Loader<P> {
  return () => load().catch(() => new Promise((r) => setTimeout(r, 400)).then(load))
}

function PartView<P extends object>({ slot, props }: { slot: Slot<P>; props: P }) {
  const [attempt, setAttempt] = useState(0)
  const Current = slot.current as ComponentType<P>
  const retry = () => {
    slot.reload()
    setAttempt((a) => a + 1)
  }
  return (
    <PartBoundary key={attempt} onRetry={retry}>
      <Current {...props} />
    </PartBoundary>
  )
}

export function lazyPart<P extends object>(load: Loader<P>): ComponentType<P> {
  const slot: Slot<P> = {
    current: lazy(twice(load)),
    reload: () => {
      slot.current = lazy(twice(load))
    },
  }
  return (props: P) => createElement(PartView<P>, { slot, props })
}
