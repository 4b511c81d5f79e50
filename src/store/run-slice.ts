/**
 * Derived state (never persisted): the parse, the last good run, the selected message, the session's
 * message log, full explanations fetched on demand; and `publish`, the one action that appends a
 * message to the script, runs it at once, logs and selects it.
 */
import type { StateCreator } from 'zustand'
import { printOperation } from '../engine'
import type { Pipeline } from './run-pipeline'
import { freshPublishId } from './script-text'
import type { PlaygroundState, RunSlice } from './types'

export const createRunSlice =
  (
    pipeline: () => Pipeline,
    startAnalysis: () => void = () => {},
  ): StateCreator<PlaygroundState, [], [], RunSlice> =>
  (set, get) => ({
    parsed: null,
    run: null,
    stale: true,
    busy: false,
    runError: null,
    selection: null,
    log: [],
    explanations: {},
    select: (selection) => {
      set({ selection })
      const run = get().run
      if (selection?.kind === 'run') pipeline().explain(selection.index)
      if (selection?.kind === 'log' && run) {
        const entry = get().log.find((e) => e.seq === selection.seq)
        if (entry?.publish.explained === false && entry.ref.generation === run.generation)
          pipeline().explain(entry.ref.index)
      }
    },
    publish: (message) => {
      const s = get()
      if (s.mode === 'view') return null
      const id = freshPublishId(s.text)
      const { vhost, ...fields } = message
      const line = printOperation({ op: 'publish', publish: { id, ...fields } })
      s.appendLines([line], vhost)
      pipeline().request(get().text, { log: [id] })
      return id
    },
    edit: (lines, vhost) => {
      if (get().mode === 'view' || lines.length === 0) return
      get().appendLines(lines, vhost)
      pipeline().request(get().text)
    },
    explain: (index) => pipeline().explain(index),
    startRuns: () => {
      pipeline().start()
      startAnalysis()
    },
  })
