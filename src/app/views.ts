/**
 * The top-level views. Each is lazy-loaded from its own feature folder so the first load stays small.
 * The current view is kept in the `view` query parameter (the hash is reserved for share links).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

export type ViewId = 'playground' | 'lessons' | 'practice' | 'timeline'

export const VIEW_IDS: readonly ViewId[] = ['playground', 'lessons', 'practice', 'timeline']

export const VIEWS: Record<ViewId, LazyExoticComponent<ComponentType>> = {
  playground: lazy(() => import('../playground/playground-page')),
  lessons: lazy(() => import('../lessons/lessons-page')),
  practice: lazy(() => import('../practice/practice-page')),
  timeline: lazy(() => import('../timeline/timeline-page')),
}

export function viewFromUrl(search: string): ViewId {
  const v = new URLSearchParams(search).get('view')
  return (VIEW_IDS as readonly string[]).includes(v ?? '') ? (v as ViewId) : 'playground'
}

export function setViewInUrl(view: ViewId): void {
  const url = new URL(window.location.href)
  if (view === 'playground') url.searchParams.delete('view')
  else url.searchParams.set('view', view)
  window.history.pushState(null, '', url)
}
