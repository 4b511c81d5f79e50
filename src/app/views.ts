/**
 * The top-level views, each lazy-loaded from its own feature folder so the first load stays small, and
 * each behind its own error boundary (lazyPart): a view that crashes or does not download shows
 * "reload this part" while the header keeps working. Which view is open lives in the URL
 * (src/store/url-route).
 */
import type { ComponentType } from 'react'
import { lazyPart } from '../components/lazy-part'
import { useLanguage } from '../i18n/language'
import { lessonTexts } from '../lessons/lesson-texts-load'
import type { ViewId } from '../store/url-route'

export const VIEWS: Record<ViewId, ComponentType<object>> = {
  playground: lazyPart(() => import('../playground/playground-page')),
  // the page language's lesson texts are fetched beside the view, not after it
  lessons: lazyPart(() => {
    void lessonTexts(useLanguage.getState().lang).catch(() => undefined)
    return import('../lessons/lessons-page')
  }),
  practice: lazyPart(() => import('../practice/practice-page')),
  levels: lazyPart(() => import('../levels/levels-page')),
  timeline: lazyPart(() => import('../timeline/timeline-page')),
  lab: lazyPart(() => import('../lab-view/lab-page')),
}
