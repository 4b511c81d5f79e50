/** Append statements for a given vhost (the store adds the `vhost` line they need). */
import { playgroundStore } from '../store/app-store'

export function appendInVhost(lines: string[], vhost: string): void {
  playgroundStore.getState().appendLines(lines, vhost)
}
