/**
 * The only place that imports Mermaid. Loaded lazily (not in the first-load bundle), initialised once
 * per theme with securityLevel 'strict', and every render gets a fresh id.
 */
import type { Mermaid } from 'mermaid'

let loading: Promise<Mermaid> | null = null
let renderCount = 0
let currentTheme: 'default' | 'dark' | null = null

/** Start downloading Mermaid early (e.g. on idle) so the first diagram does not wait for it. */
export function preloadMermaid(): Promise<Mermaid> {
  loading ??= Promise.all([import('mermaid'), import('d3-transition')]).then(
    ([m]) => m.default,
    (error: unknown) => {
      loading = null // not remembered: the next diagram downloads Mermaid again (back online)
      throw error
    },
  )
  return loading
}

export async function renderMermaid(text: string, theme: 'default' | 'dark'): Promise<string> {
  const mermaid = await preloadMermaid()
  if (currentTheme !== theme) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme,
      suppressErrorRendering: true,
      flowchart: { htmlLabels: false, useMaxWidth: true },
      maxEdges: 5000,
      maxTextSize: 500_000,
    })
    currentTheme = theme
  }
  renderCount += 1
  const { svg } = await mermaid.render(`mmd-${renderCount}`, text)
  return svg
}
