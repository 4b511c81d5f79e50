/** Light / dark theme, remembered per browser, defaulting to the system preference. */
import { create } from 'zustand'
import { localKeys } from '../storage/key-store'

export type Theme = 'light' | 'dark'
const STORAGE_KEY = 'amqp-playground:theme'

function initialTheme(): Theme {
  const saved = localKeys.read(STORAGE_KEY)
  if (saved === 'light' || saved === 'dark') return saved
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light'
}

interface ThemeState {
  theme: Theme
  setTheme: (theme: Theme) => void
}

export const useTheme = create<ThemeState>((set) => ({
  theme: initialTheme(),
  setTheme: (theme) => {
    localKeys.write(STORAGE_KEY, theme) // not persisted when refused; the shell reports a full storage
    set({ theme })
  },
}))
