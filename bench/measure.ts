/** CPU-time measurement helpers (the box is shared: wall clock is noise, CPU time less so). */

export function cpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** Runs `fn` `rounds` times and returns the median CPU milliseconds of one run. */
export function medianCpu(rounds: number, fn: () => void): number {
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t0 = cpuMs()
    fn()
    times.push(cpuMs() - t0)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

const gc = (globalThis as { gc?: () => void }).gc

/** Bytes in use: V8 heap plus ArrayBuffers (typed arrays live outside the JS heap). */
function usedBytes(): number {
  gc?.()
  gc?.()
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

/** Builds with `build`, returns the structure, the CPU ms it took and the bytes it retains. */
export function measureBuild<T>(build: () => T): { value: T; ms: number; bytes: number } {
  const before = usedBytes()
  const t0 = cpuMs()
  const value = build()
  const ms = cpuMs() - t0
  const bytes = usedBytes() - before
  return { value, ms, bytes }
}

export const hasGc = gc !== undefined
