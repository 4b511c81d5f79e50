/** The practice view's URL parameters: `exercise=ID` opens one exercise, `present=1` the instructor view. */
import { hrefFor, type RouteParams, setParams } from '../store/url-route'

export interface PracticeUrl {
  exercise: string | null
  present: boolean
  tab: string | null
  /** The attempt's seed: the order a question's options are shown in. */
  seed: number | null
  /** A quiz deck id, and the question of it on screen (1-based). */
  deck: string | null
  item: number
}

/** A seed as it may appear in a link: a canonical unsigned 32-bit integer. */
function parseSeed(text: string | undefined): number | null {
  if (text === undefined || !/^(0|[1-9]\d{0,9})$/.test(text)) return null
  const n = Number(text)
  return n <= 0xffffffff ? n : null
}

export function readPracticeUrl(params: RouteParams): PracticeUrl {
  return {
    exercise: params.exercise ?? null,
    present: params.present === '1',
    tab: params.tab ?? null,
    seed: parseSeed(params.seed),
    deck: params.deck ?? null,
    item: Number.parseInt(params.item ?? '1', 10) || 1,
  }
}

/** A view-only link to one exercise with its answers hidden until the presenter reveals them. */
export function presentLink(exerciseId: string, extra: Record<string, string> = {}): string {
  return hrefFor('practice', { exercise: exerciseId, ...extra, present: '1' })
}

/** Tabs are history entries: Back returns to the previous tab. */
export function setTabInUrl(tab: string): void {
  setParams({ tab }, { push: true })
}
