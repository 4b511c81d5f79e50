/**
 * `vite:preloadError`: Vite dispatches it when a lazy chunk or one of its stylesheets fails to load,
 * then rethrows to the importer (a lazy part, whose boundary offers "reload this part"). A stylesheet
 * that failed stays failed — Vite does not preload the same href twice — so the failed ones are
 * remembered here and re-attached when the user retries.
 */
const failedStyles = new Set<string>()

export function watchPreloadErrors(target: Window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload
    const css = error instanceof Error ? /Unable to preload CSS for (\S+)/.exec(error.message) : null
    if (css?.[1]) failedStyles.add(css[1])
  })
}

/** Load the failed stylesheets again (a fresh <link> replaces the failed one). */
export function retryFailedStyles(): void {
  for (const href of failedStyles)
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
      if (link.href === href) link.replaceWith(link.cloneNode() as HTMLLinkElement)
  failedStyles.clear()
}
