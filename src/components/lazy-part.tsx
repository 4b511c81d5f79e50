/**
 * React.lazy that can load again. React.lazy keeps a failed import for good; a lazy part tries the
 * download twice, then shows PartBoundary's "reload this part", which imports the chunk anew
 * (browsers retry a failed dynamic import; vite:preloadError has already been dispatched by then).
 *   const EDITOR = lazyPart(() => import('./editor'))   // module level
 *   <Suspense fallback={…}><LazyPartView part={EDITOR} {...props} /></Suspense>
 */
import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react'
import { PartBoundary } from './part-boundary'

type Loader<P> = () => Promise<{ default: ComponentType<P> }>

export interface LazyPart<P> {
  current: LazyExoticComponent<ComponentType<P>>
  reload(): void
}

/** One quiet second attempt for a dropped connection; a second failure is shown. */
function twice<P>(load: Loader<P>): Loader<P> {
  return () => load().catch(() => new Promise((r) => setTimeout(r, 400)).then(load))
}

export function lazyPart<P extends object>(load: Loader<P>): LazyPart<P> {
  const part: LazyPart<P> = {
    current: lazy(twice(load)),
    reload: () => {
      part.current = lazy(twice(load))
    },
  }
  return part
}

/** Renders a lazy part inside its own error boundary; put it inside a Suspense. */
export function LazyPartView<P extends object>({ part, ...props }: { part: LazyPart<P> } & P) {
  const [attempt, setAttempt] = useState(0)
  const Current = part.current as ComponentType<P>
  const retry = () => {
    part.reload()
    setAttempt((a) => a + 1)
  }
  return (
    <PartBoundary key={attempt} onRetry={retry}>
      <Current {...(props as P)} />
    </PartBoundary>
  )
}
