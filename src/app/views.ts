/**
 * The top-level views, each lazy-loaded from its own feature folder so the first load stays small, and
 * each behind its own error boundary (lazyPart): a view that crashes or does not download shows
 * "reload this part" while the header keeps working. Which view is open lives in the URL
 * (src/store/url-route).
 */
import type { ComponentType } from 'react'
import { lazyPart } from '../components/lazy-part'
import type { ViewId } from '../store/url-route'

export const VIEWS: Record<ViewId, ComponentType<object>> = {
  playground: lazyPart(() => import('../playground/playground-page')),
  lessons: lazyPart(() => import('../lessons/lessons-page')),
  practice: lazyPart(() => import('../practice/practice-page')),
  levels: lazyPart(() => import('../levels/levels-page')),
  timeline: lazyPart(() => import('../timeline/timeline-page')),
  lab: lazyPart(() => import('../lab-view/lab-page')),
}
