/**
 * The top-level views, each lazy-loaded from its own feature folder so the first load stays small.
 * Which view is open lives in the URL, owned by src/store/url-route.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import type { ViewId } from '../store/url-route'

export const VIEWS: Record<ViewId, LazyExoticComponent<ComponentType>> = {
  playground: lazy(() => import('../playground/playground-page')),
  lessons: lazy(() => import('../lessons/lessons-page')),
  practice: lazy(() => import('../practice/practice-page')),
  timeline: lazy(() => import('../timeline/timeline-page')),
}
