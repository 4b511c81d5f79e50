/** Notices: reported, dismissable, at most five; the page translates their keys. */
import type { StateCreator } from 'zustand'
import type { NoticeSlice, PlaygroundState } from './types'

let nextNotice = 1

export const createNoticeSlice: StateCreator<PlaygroundState, [], [], NoticeSlice> = (set) => ({
  notices: [],
  notify: (kind, key, params) =>
    set((s) => ({
      notices: [...s.notices.slice(-4), { id: nextNotice++, kind, key, ...(params ? { params } : {}) }],
    })),
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
})
