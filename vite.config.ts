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
    rolldownOptions: {
      // The engine is pure (no module runs code when imported): a view that imports one function
      // through src/engine/index.ts gets that function's modules, not the whole engine.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]src[\\/]engine[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // The shell (React, the language, the URL, lazy views and their loaders) in one file: left to itself the
        // bundler splits the modules the entry shares with the views into six small files, and
        // each is one more request on a phone's slow first load (Lighthouse mobile FCP +0.4 s).
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/](i18n|storage)[\\/]|src[\\/]components[\\/]lazy-part|src[\\/]store[\\/](url-route|theme)|src[\\/]lessons[\\/]lesson-texts-load|preload-helper/,
            },
            {
              // The timeline cases (lessons/timeline/*.json), which the lessons and the timeline share:
              // one file instead of seven.
              name: 'timeline-cases',
              test: /lessons[\\/]timeline[\\/]/,
            },
          ],
        },
      },
    },
  },
})
