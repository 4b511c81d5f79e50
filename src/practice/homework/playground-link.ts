/**
 * Link to the playground with a scenario preloaded. The store's openInPlayground() is the preferred
 * door once it exists; until then this builds the documented fallback `?view=playground#scenario=…`
 * (base64url of the scenario JSON, UTF-8).
 */
export function base64url(text: string): string {
  let bin = ''
  for (const byte of new TextEncoder().encode(text)) bin += String.fromCharCode(byte)
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function playgroundHref(baseHref: string, scenarioJson: string): string {
  const url = new URL(baseHref)
  url.search = ''
  url.searchParams.set('view', 'playground')
  url.hash = `scenario=${base64url(JSON.stringify(JSON.parse(scenarioJson)))}`
  return url.toString()
}
