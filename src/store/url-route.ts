/**
 * The one owner of the page URL. The query holds the open view (`?view=lessons`, absent for the
 * playground) and that view's own parameters; the hash belongs to the playground's share and
 * scenario links. Features read their parameters from `useRoute` and change them through
 * `setParams`; `navigate` switches views and drops the parameters of the view being left, so
 * `?view=timeline&scenario=ID` never reaches the playground as a scenario URL.
 *
 * Only this module calls `history.pushState` / `replaceState` or listens to `popstate`.
 */
import { create } from 'zustand'

export type ViewId = 'playground' | 'lessons' | 'practice' | 'levels' | 'timeline' | 'lab'
export const VIEW_IDS: readonly ViewId[] = ['playground', 'lessons', 'practice', 'levels', 'timeline', 'lab']

/** A view's parameters: name → value; `null` in an update removes the parameter. */
export type RouteParams = Readonly<Record<string, string>>

export interface Route {
  view: ViewId
  params: RouteParams
  hash: string
}

/** Reads a route from a URL's search and hash (pure; the tests use it without a window). */
export function parseRoute(search: string, hash = ''): Route {
  const query = new URLSearchParams(search)
  const v = query.get('view') ?? ''
  const view = (VIEW_IDS as readonly string[]).includes(v) ? (v as ViewId) : 'playground'
  const params: Record<string, string> = {}
  for (const [k, value] of query) if (k !== 'view') params[k] = value
  return { view, params, hash: hash.startsWith('#') ? hash.slice(1) : hash }
}

/** The query string (with `?`, or empty) for a view and its parameters; the playground has no `view`. */
export function routeSearch(view: ViewId, params: RouteParams = {}): string {
  const query = new URLSearchParams()
  if (view !== 'playground') query.set('view', view)
  for (const [k, v] of Object.entries(params)) if (k !== 'view') query.set(k, v)
  const s = query.toString()
  return s ? `?${s}` : ''
}

/** An absolute link to a view (for new tabs, clipboards and fallbacks), from the document's base. */
export function hrefFor(view: ViewId, params: RouteParams = {}, hash = ''): string {
  const base = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI
  const url = new URL(base)
  url.search = routeSearch(view, params)
  url.hash = hash
  return url.toString()
}

interface RouteState extends Route {
  /** A feature's own title part (a lesson's name); the shell adds the view and the app name. */
  pageTitle: string | null
}

const fromLocation = (): Route =>
  typeof window === 'undefined' ? parseRoute('') : parseRoute(window.location.search, window.location.hash)

export const useRoute = create<RouteState>(() => ({ ...fromLocation(), pageTitle: null }))

function write(route: Route, push: boolean): void {
  const url = new URL(window.location.href)
  url.search = routeSearch(route.view, route.params)
  url.hash = route.hash
  if (push) window.history.pushState(null, '', url)
  else window.history.replaceState(null, '', url)
  useRoute.setState({ ...route })
}

/** Opens a view with only the given parameters (a history entry unless `replace`). */
export function navigate(view: ViewId, params: RouteParams = {}, opts: { replace?: boolean } = {}): void {
  const now = useRoute.getState()
  const same = now.view === view && sameParams(now.params, params) && now.hash === ''
  if (same) return
  write({ view, params, hash: '' }, !opts.replace)
  if (now.view !== view) useRoute.setState({ pageTitle: null })
}

/**
 * Changes parameters of the open view (`null` removes one). Replaces the history entry unless `push`
 * (lesson steps push, so Back returns to the previous step).
 */
export function setParams(
  update: Readonly<Record<string, string | null>>,
  opts: { push?: boolean } = {},
): void {
  const now = useRoute.getState()
  const params: Record<string, string> = { ...now.params }
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete params[k]
    else params[k] = v
  }
  if (sameParams(now.params, params)) return
  write({ view: now.view, params, hash: now.hash }, opts.push === true)
}

/** Forgets the hash (a handled share link), so a reload shows the saved work instead. */
export function clearHash(): void {
  const now = useRoute.getState()
  if (now.hash === '' && window.location.hash === '') return
  write({ view: now.view, params: now.params, hash: '' }, false)
}

export function setPageTitle(title: string | null): void {
  if (useRoute.getState().pageTitle !== title) useRoute.setState({ pageTitle: title })
}

function sameParams(a: RouteParams, b: RouteParams): boolean {
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k])
}

// Back / Forward and hand-edited hashes: the browser changed the URL, the store follows.
if (typeof window !== 'undefined') {
  const follow = () => useRoute.setState({ ...fromLocation() })
  window.addEventListener('popstate', follow)
  window.addEventListener('hashchange', follow)
}
