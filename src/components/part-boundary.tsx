/**
 * Catches what one part of the page throws — a crash while rendering, a chunk that did not download
 * (offline, a dropped connection, a file gone after a new deploy) — and shows a small box in its
 * place with "reload this part", so the rest of the app stays usable and the page is never blank.
 * The shell provides the words in the reader's language through PartTextsContext.
 */
import { Component, createContext, type ReactNode, useContext } from 'react'
import { retryFailedStyles } from './preload-errors'

export interface PartTexts {
  crashed: string
  notDownloaded: string
  retry: string
  reloadPage: string
}

/** Only seen without the shell's provider (tests); the app always provides its catalogue's words. */
export const PartTextsContext = createContext<PartTexts>({
  crashed: 'This part stopped working.',
  notDownloaded: 'This part could not be downloaded (offline, or a new version was published).',
  retry: 'Reload this part',
  reloadPage: 'Reload the page',
})

/** Failed dynamic imports and CSS preloads, as Chromium, Firefox, Safari and Vite word them. */
function isChunkError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /dynamically imported module|module script failed|Unable to preload CSS|ChunkLoadError/i.test(text)
}

function Fallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useContext(PartTextsContext)
  return (
    <div className="part-failed" role="alert" data-testid="part-failed">
      <p>{isChunkError(error) ? t.notDownloaded : t.crashed}</p>
      <div className="part-failed-actions">
        <button type="button" data-testid="part-retry" onClick={onRetry}>
          {t.retry}
        </button>
        <button type="button" onClick={() => window.location.reload()}>
          {t.reloadPage}
        </button>
      </div>
    </div>
  )
}

interface Props {
  children: ReactNode
  /** Called before the part is mounted again (a lazy part loads its chunk anew). */
  onRetry?: () => void
}

export class PartBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  state = { error: null as unknown, failed: false }

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }

  retry = () => {
    retryFailedStyles()
    this.props.onRetry?.()
    this.setState({ error: null, failed: false })
  }

  render() {
    return this.state.failed ? (
      <Fallback error={this.state.error} onRetry={this.retry} />
    ) : (
      this.props.children
    )
  }
}
