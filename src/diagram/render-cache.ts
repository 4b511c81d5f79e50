/**
 * The last few rendered SVGs of one diagram view, by theme and Mermaid text. Going back to a
 * diagram already drawn (a message picked again from the log, focus toggled back, a lesson step
 * revisited, the theme switched back) then skips Mermaid's layout, which takes most of a second at
 * 100 nodes. One cache per view, so an SVG's generated ids never appear twice in the page.
 */
export class RenderCache {
  private readonly entries = new Map<string, string>()

  constructor(
    private readonly limit = 8,
    /** Larger SVGs (a "Show all" of a huge topology) are not kept. */
    private readonly maxChars = 2_000_000,
  ) {}

  private static key(theme: string, text: string): string {
    return `${theme}\n${text}`
  }

  /** The SVG drawn for this theme and text, if still kept (it becomes the most recent). */
  get(theme: string, text: string): string | undefined {
    const key = RenderCache.key(theme, text)
    const svg = this.entries.get(key)
    if (svg !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, svg)
    }
    return svg
  }

  /** Keeps `svg`, dropping the least recently used entries beyond the limit. */
  set(theme: string, text: string, svg: string): void {
    if (svg.length > this.maxChars) return
    const key = RenderCache.key(theme, text)
    this.entries.delete(key)
    this.entries.set(key, svg)
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break
      this.entries.delete(oldest)
    }
  }

  get size(): number {
    return this.entries.size
  }
}
