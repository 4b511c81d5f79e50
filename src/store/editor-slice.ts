/** Text, undo/redo and "unsaved work". Every text change goes through setText (one history). */
import type { StateCreator } from 'zustand'
import { quoteIfNeeded } from '../engine'
import { lastVhost } from './script-text'
import { applyEdit, diffTexts, invertEdit, mergeEdits } from './text-history'
import type { EditorSlice, PlaygroundState } from './types'

export const HISTORY_LIMIT = 200
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
        const edit = diffTexts(before, text)
        if (!edit) return
        const now = Date.now()
        const last = past[past.length - 1]
        const merge = history === 'coalesce' && now - lastPushAt < COALESCE_MS && last !== undefined
        lastPushAt = now
        const nextPast = merge ? [...past.slice(0, -1), mergeEdits(last, edit, text)] : [...past, edit]
        set({ text, future: [], past: nextPast.slice(-HISTORY_LIMIT) })
      },
      appendLines: (lines, vhost) => {
        const { text } = get()
        // Script lines inherit the last `vhost` line: a statement for another vhost brings its own.
        const head = vhost !== undefined && lastVhost(text) !== vhost ? [`vhost ${quoteIfNeeded(vhost)}`] : []
        const sep = text === '' || text.endsWith('\n') ? '' : '\n'
        get().setText(`${text}${sep}${[...head, ...lines].join('\n')}\n`, 'push')
      },
      undo: () => {
        const { past, text, future, mode } = get()
        if (mode === 'view') return
        const edit = past[past.length - 1]
        if (edit === undefined) return
        set({ text: applyEdit(text, invertEdit(edit)), past: past.slice(0, -1), future: [edit, ...future] })
      },
      redo: () => {
        const { past, text, future, mode } = get()
        if (mode === 'view') return
        const edit = future[0]
        if (edit === undefined) return
        set({ text: applyEdit(text, edit), past: [...past, edit], future: future.slice(1) })
      },
      hasUnsavedWork: () => {
        const { text, pristine, ownWork } = get()
        const own = ownWork ?? { text, pristine }
        return own.text.trim() !== '' && own.text !== own.pristine
      },
    }
  }
