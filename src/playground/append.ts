/** Append statements for a given vhost (the store adds the `vhost` line they need) and run them at once. */
import { playgroundStore } from '../store/app-store'

export function appendInVhost(lines: string[], vhost: string): void {
  playgroundStore.getState().edit(lines, vhost)
}
