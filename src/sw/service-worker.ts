/**
 * The service worker: the app works offline after one visit.
 * - Install precaches the app shell (index.html, the entry and every view's chunks and styles, the
 *   engine Worker), the lessons (bundled into their view) and the scenario files.
 * - Other files under assets/ (Monaco, Mermaid, their workers) are cached on first use: their names
 *   carry a content hash, so a cached copy is always right. The page also sends the files it loaded
 *   before this worker took control, so the first visit's editor and diagram work offline too.
 * - Pages and scenario files: network first (a new deploy is picked up online), the cache offline.
 * Built by scripts/sw-plugin.ts, which fills in the lists below; its scope is the app's folder, so
 * it works under a sub-path (GitHub Pages).
 */
const sw = self as unknown as ServiceWorkerGlobalScope

/** Replaced at build time: newline-separated paths relative to this file. */
const PRECACHE_LIST = '__PRECACHE_LIST__'
const ASSET_LIST = '__ASSET_LIST__'
const VERSION = '__BUILD_VERSION__'

const PRECACHE = `amqp-precache-${VERSION}`
const RUNTIME = 'amqp-runtime'
const base = new URL('./', sw.location.href)
const toUrl = (path: string) => new URL(path, base).href
const lines = (list: string) => list.split('\n').filter(Boolean)
const SHELL = toUrl('./') // every navigation is the one-page app
/** Hashed names and one-page navigation: the query never matters; servers may send `Vary: Origin`. */
const MATCH: CacheQueryOptions = { ignoreSearch: true, ignoreVary: true }
const KNOWN = new Set([...lines(PRECACHE_LIST), ...lines(ASSET_LIST)].map(toUrl))

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PRECACHE)
      .then((cache) => cache.addAll(lines(PRECACHE_LIST).map(toUrl)))
      .then(() => sw.skipWaiting()),
  )
})

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith('amqp-precache-') && key !== PRECACHE) await caches.delete(key)
      // Hashed files of earlier builds are never asked for again.
      const runtime = await caches.open(RUNTIME)
      for (const req of await runtime.keys()) if (!KNOWN.has(req.url)) await runtime.delete(req)
      await sw.clients.claim()
    })(),
  )
})

async function cacheFirst(request: Request): Promise<Response> {
  const hit = await caches.match(request, MATCH)
  if (hit) return hit
  const response = await fetch(request)
  if (response.ok) {
    const copy = response.clone()
    void caches.open(RUNTIME).then((c) => c.put(request, copy))
  }
  return response
}

async function networkFirst(request: Request, fallbackKey: string): Promise<Response> {
  try {
    const response = await fetch(request)
    if (response.ok && request.method === 'GET') {
      const copy = response.clone()
      void caches.open(RUNTIME).then((c) => c.put(fallbackKey, copy))
    }
    return response
  } catch (error) {
    const hit = await caches.match(fallbackKey, MATCH)
    if (hit) return hit
    throw error
  }
}

sw.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, SHELL))
  else if (url.pathname.startsWith(`${base.pathname}assets/`)) event.respondWith(cacheFirst(request))
  else event.respondWith(networkFirst(request, url.href))
})

/** The page's list of files it loaded before this worker controlled it; answered when cached. */
sw.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null
  if (data?.type !== 'cache-urls' || !Array.isArray(data.urls)) return
  const urls = data.urls.filter((u): u is string => typeof u === 'string' && KNOWN.has(u))
  event.waitUntil(
    (async () => {
      const runtime = await caches.open(RUNTIME)
      for (const u of urls) {
        if (await caches.match(u, MATCH)) continue
        try {
          const response = await fetch(u)
          if (response.ok) await runtime.put(u, response)
        } catch {
          // offline again: this file is cached when next used
        }
      }
      event.source?.postMessage({ type: 'cached', count: urls.length })
    })(),
  )
})
