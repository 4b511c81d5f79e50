/**
 * Append statements for a given vhost. Script lines inherit the last `vhost` line, so a form that
 * targets another vhost first writes the `vhost` line it needs.
 */
import { parseScript, quoteIfNeeded } from '../engine'
import { playgroundStore } from '../store/app-store'

export function appendInVhost(lines: string[], vhost: string): void {
  const s = playgroundStore.getState()
  const current = parseScript(s.text).finalVhost
  s.appendLines(current === vhost ? lines : [`vhost ${quoteIfNeeded(vhost)}`, ...lines])
}
