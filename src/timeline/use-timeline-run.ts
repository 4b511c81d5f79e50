/** Plays a script in the engine Worker; the newest request wins. */
import { useEffect, useState } from 'react'
import type { TimelineRun, TimelineScript } from '../engine'
import { engineClient, StaleReplyError } from '../worker/client'

export type RunState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; run: TimelineRun }
  | { status: 'failed'; error: string }

export function useTimelineRun(script: TimelineScript | null): RunState {
  const [state, setState] = useState<RunState>({ status: 'loading' })
  useEffect(() => {
    if (!script) {
      setState({ status: 'idle' })
      return
    }
    let live = true
    setState({ status: 'loading' })
    engineClient()
      .latest('timeline', 'runTimeline', script)
      .then(
        (run) => {
          if (live) setState({ status: 'ready', run })
        },
        (err: unknown) => {
          if (!live || err instanceof StaleReplyError) return
          setState({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
        },
      )
    return () => {
      live = false
    }
  }, [script])
  return state
}
