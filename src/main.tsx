import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import AppShell from './app/app-shell'
import './app/app.css'
import { registerServiceWorker } from './app/offline'
import { watchPreloadErrors } from './components/preload-errors'

watchPreloadErrors(window)
registerServiceWorker()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <AppShell />
  </StrictMode>,
)

// Start fetching the diagram library while the first view renders, so the two downloads overlap —
// on a wide screen, where the playground's diagram is in view; a phone loads it when it scrolls there.
const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200))
if (matchMedia('(min-width: 961px)').matches)
  idle(() => {
    // A failed early download is not an error yet: the diagram loads (and reports) again when shown.
    import('./diagram/mermaid-loader').then((m) => m.preloadMermaid()).catch(() => {})
  })
