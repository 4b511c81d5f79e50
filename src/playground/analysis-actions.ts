/** What the analysis panels do: go to a line of the script, publish a witness and show its why panel. */
import type { Witness } from '../engine'
import { playgroundStore } from '../store/app-store'

let jump: ((line: number, column?: number) => void) | null = null

/** The editor panel registers how to reach a line (it loads Monaco first when needed). */
export function setLineJump(f: ((line: number, column?: number) => void) | null): void {
  jump = f
}

export function goToLine(line: number, column = 1): void {
  jump?.(line, column)
}

/**
 * Publish a witness (mandatory, so an unroutable one comes back as returned), as the publish form
 * does: appended to the script, routed, logged and selected; then the why panel is brought into view.
 */
export function publishWitness(w: Witness, vhost: string): void {
  const id = playgroundStore.getState().publish({
    exchange: w.exchange,
    routing_key: w.routing_key,
    vhost,
    mandatory: true,
    ...(Object.keys(w.headers).length ? { headers: w.headers } : {}),
  })
  if (id === null) return
  requestAnimationFrame(() => {
    const why = document.querySelector<HTMLElement>('[data-testid="why-section"]')
    why?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    why?.focus({ preventScroll: true })
  })
}
