/** Notices (reported, dismissable) and the "replace your work?" question. */
import type { StateCreator } from 'zustand'
import type { NoticeSlice, PlaygroundState } from './types'

let nextNotice = 1

export const createNoticeSlice =
  (publishIdsOf: (text: string) => string[]): StateCreator<PlaygroundState, [], [], NoticeSlice> =>
  (set, get) => ({
    notices: [],
    confirm: null,
    notify: (kind, key, params) =>
      set((s) => ({
        notices: [...s.notices.slice(-4), { id: nextNotice++, kind, key, ...(params ? { params } : {}) }],
      })),
    dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
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
      // A loaded case's publishes go to the message log once its run arrives.
      const ids = opts.logPublishes === false ? [] : publishIdsOf(text)
      set((st) => ({
        text,
        pristine: text,
        mode,
        // Entering view mode remembers the own work; leaving it by loading something forgets it.
        ownWork: mode === 'view' ? (st.ownWork ?? { text: st.text, pristine: st.pristine }) : null,
        kept: opts.kept === undefined ? st.kept : opts.kept,
        past: st.text === text ? st.past : [...st.past, st.text].slice(-200),
        future: [],
        pendingLog: ids,
        selection: null,
        // Earlier information was about the work being replaced; problems (a rescued save) stay.
        notices: st.notices.filter((n) => n.kind === 'error'),
      }))
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
