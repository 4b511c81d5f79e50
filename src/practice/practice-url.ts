/** The practice view's URL parameters: `exercise=ID` opens one exercise, `present=1` the instructor view. */
export interface PracticeUrl {
  exercise: string | null
  present: boolean
  tab: string | null
}

export function readPracticeUrl(search: string): PracticeUrl {
  const p = new URLSearchParams(search)
  return { exercise: p.get('exercise'), present: p.get('present') === '1', tab: p.get('tab') }
}

/** A view-only link to one exercise with its answers hidden until the presenter reveals them. */
export function presentLink(baseHref: string, exerciseId: string): string {
  const url = new URL(baseHref)
  url.search = ''
  url.hash = ''
  url.searchParams.set('view', 'practice')
  url.searchParams.set('exercise', exerciseId)
  url.searchParams.set('present', '1')
  return url.toString()
}

export function setTabInUrl(tab: string): void {
  const url = new URL(window.location.href)
  url.searchParams.set('tab', tab)
  window.history.replaceState(null, '', url)
}
