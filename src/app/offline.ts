/**
 * Registers the service worker (src/sw, production builds only) so the app works offline after one
 * visit, and hands it the files this page loaded before the worker took control (the first visit's
 * editor and diagram). `data-offline-ready` on <html> says when they are cached (the e2e waits on it).
 */
async function start(container: ServiceWorkerContainer): Promise<void> {
  // sw.js sits beside index.html, so its scope is the app's folder, also under a sub-path.
  const registration = await container.register(new URL('sw.js', document.baseURI))
  container.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'cached')
      document.documentElement.dataset.offlineReady = 'true'
  })
  container.startMessages()
  await container.ready
  // Every file under assets/ this page loads — before the worker took control, or in flight while it
  // did — is sent; the worker fetches what it has not cached (hashed names: a copy is always right).
  const assets = new URL('assets/', document.baseURI).href
  new PerformanceObserver((list) => {
    const urls = list
      .getEntries()
      .map((e) => e.name)
      .filter((u) => u.startsWith(assets))
    if (urls.length) registration.active?.postMessage({ type: 'cache-urls', urls })
  }).observe({ type: 'resource', buffered: true })
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const go = () => {
    start(navigator.serviceWorker).catch(() => {
      // No service worker (private mode, file://, a refused registration): the app works online.
    })
  }
  if (document.readyState === 'complete') go()
  else window.addEventListener('load', go, { once: true })
}
