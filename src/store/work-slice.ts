/**
 * Whose work the editor holds: replacing it (a sample, a link, an import) asks first when there is
 * unsaved work, and its run is asked for at once with its publishes logged; a view-only link keeps
 * the own work aside until the learner goes back to it or edits a copy.
 */
import type { StateCreator } from 'zustand'
import { HISTORY_LIMIT } from './editor-slice'
import type { Pipeline } from './run-pipeline'
import { diffTexts } from './text-history'
import type { PlaygroundState, WorkSlice } from './types'

export const createWorkSlice =
  (pipeline: () => Pipeline): StateCreator<PlaygroundState, [], [], WorkSlice> =>
  (set, get) => ({
    confirm: null,
    replaceWork: async (text, opts) => {
      const s = get()
      const mode = opts.mode ?? 'edit'
      // A view-only link does not touch the work, so it needs no question.
      const ownText = s.ownWork?.text ?? s.text
      if (mode === 'edit' && s.hasUnsavedWork() && ownText !== text) {
        // A second request replaces a pending one (which counts as declined).
        s.confirm?.resolve(false)
        const ok = await new Promise<boolean>((resolve) => set({ confirm: { source: opts.source, resolve } }))
        set({ confirm: null })
        if (!ok) return false
      }
      set((st) => {
        const edit = diffTexts(st.text, text)
        return {
          text,
          pristine: text,
          mode,
          // Entering view mode remembers the own work; leaving it by loading something forgets it.
          ownWork: mode === 'view' ? (st.ownWork ?? { text: st.text, pristine: st.pristine }) : null,
          kept: opts.kept === undefined ? st.kept : opts.kept,
          past: edit ? [...st.past, edit].slice(-HISTORY_LIMIT) : st.past,
          future: [],
          selection: null,
          // Earlier information was about the work being replaced; problems (a rescued save) stay.
          notices: st.notices.filter((n) => n.kind === 'error'),
        }
      })
      // A loaded case runs at once; its publishes go to the message log.
      pipeline().request(text, opts.logPublishes === false ? {} : { log: 'all' })
      return true
    },
    leaveView: async (how) => {
      const s = get()
      if (s.mode !== 'view') return true
      if (how === 'edit-copy')
        return get().replaceWork(s.text, { source: 'view-copy', kept: null, logPublishes: false })
      const own = s.ownWork ?? { text: '', pristine: '' }
      set({
        mode: 'edit',
        text: own.text,
        pristine: own.pristine,
        ownWork: null,
        past: [],
        future: [],
        selection: null,
      })
      return true
    },
  })
