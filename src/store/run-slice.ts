/** Derived state (never persisted): parse result, last good run, the selected publish, the session log. */
import type { StateCreator } from 'zustand'
import type { PlaygroundState, RunSlice } from './types'

export const LOG_LIMIT = 200

export const createRunSlice: StateCreator<PlaygroundState, [], [], RunSlice> = (set) => ({
  parsed: null,
  run: null,
  stale: true,
  busy: false,
  runError: null,
  selection: null,
  log: [],
  pendingLog: [],
  select: (selection) => set({ selection }),
  logPublishes: (ids) => set((s) => ({ pendingLog: [...s.pendingLog, ...ids] })),
})
