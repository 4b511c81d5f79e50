import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { serviceWorker } from './scripts/sw-plugin.ts'

// Relative base so the built app also works from a sub-path (e.g. GitHub Pages).
export default defineConfig({
  base: './',
  plugins: [react(), serviceWorker()],
  worker: { format: 'es' },
  build: {
    manifest: true,
    // Monaco (~2.7 MB) and Mermaid chunks are large by nature; they are lazy-loaded.
    chunkSizeWarningLimit: 4000,
  },
})
