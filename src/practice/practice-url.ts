/** The practice view's URL parameters: `exercise=ID` opens one exercise, `present=1` the instructor view. */
import { hrefFor, type RouteParams, setParams } from '../store/url-route'

export interface PracticeUrl {
  exercise: string | null
  present: boolean
  tab: string | null
}

export function readPracticeUrl(params: RouteParams): PracticeUrl {
  return { exercise: params.exercise ?? null, present: params.present === '1', tab: params.tab ?? null }
}

/** A view-only link to one exercise with its answers hidden until the presenter reveals them. */
export function presentLink(exerciseId: string): string {
  return hrefFor('practice', { exercise: exerciseId, present: '1' })
}

/** Tabs are history entries: Back returns to the previous tab. */
export function setTabInUrl(tab: string): void {
  setParams({ tab }, { push: true })
}
