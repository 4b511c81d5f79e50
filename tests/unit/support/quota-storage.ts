/**
 * A fake localStorage that behaves like Chromium's when full: the quota counts the characters of
 * every key and value, and a write that would exceed it throws a QuotaExceededError DOMException —
 * so a write that *shrinks* an existing value still succeeds, as in the browser.
 */
export interface QuotaStorage {
  data: Map<string, string>
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /** Set the quota to what is stored now: the storage is full. */
  fill(): void
}

export function quotaStorage(initial: Record<string, string> = {}, quota = 5_000_000): QuotaStorage {
  const data = new Map(Object.entries(initial))
  const size = (k: string) => (data.has(k) ? k.length + (data.get(k) as string).length : 0)
  const used = () => [...data.keys()].reduce((n, k) => n + size(k), 0)
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem(k, v) {
      if (used() - size(k) + k.length + v.length > quota)
        throw new DOMException(`Setting the value of '${k}' exceeded the quota.`, 'QuotaExceededError')
      data.set(k, v)
    },
    removeItem: (k) => void data.delete(k),
    fill() {
      quota = used()
    },
  }
}
