/** Text, undo/redo and "unsaved work". Every text change goes through setText. */
import type { StateCreator } from 'zustand'
import type { EditorSlice, PlaygroundState } from './types'

const HISTORY_LIMIT = 200
const COALESCE_MS = 1000

export const createEditorSlice =
  (initial: {
    text: string
    kept: EditorSlice['kept']
    /** Text that is not the user's own work (the example), so replacing it needs no question. */
    pristine: string
  }): StateCreator<PlaygroundState, [], [], EditorSlice> =>
  (set, get) => {
    let lastPushAt = 0
    return {
      text: initial.text,
      kept: initial.kept,
      mode: 'edit',
      pristine: initial.pristine,
      past: [],
      future: [],
      ownWork: null,
      setText: (text, history = 'push') => {
        const { text: before, past } = get()
        if (text === before) return
        const now = Date.now()
        const merge = history === 'coalesce' && now - lastPushAt < COALESCE_MS && past.length > 0
        lastPushAt = now
        set({ text, future: [], past: merge ? past : [...past, before].slice(-HISTORY_LIMIT) })
      },
      appendLines: (lines) => {
        const { text } = get()
        const sep = text === '' || text.endsWith('\n') ? '' : '\n'
        get().setText(`${text}${sep}${lines.join('\n')}\n`, 'push')
      },
      undo: () => {
        const { past, text, future } = get()
        const prev = past[past.length - 1]
        if (prev === undefined) return
        set({ text: prev, past: past.slice(0, -1), future: [text, ...future] })
      },
      redo: () => {
        const { past, text, future } = get()
        const next = future[0]
        if (next === undefined) return
        set({ text: next, past: [...past, text], future: future.slice(1) })
      },
      hasUnsavedWork: () => {
        const { text, pristine, ownWork } = get()
        const own = ownWork ?? { text, pristine }
        return own.text.trim() !== '' && own.text !== own.pristine
      },
    }
  }
