/**
 * Serves the production build (dist/, or E2E_DIST) with `vite preview` on loopback and hands the URL
 * to the tests. Fails loudly when there is no build or no Chromium: browser tests never skip silently.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { preview } from 'vite'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_PATH } from './support/chromium-path'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) {
    project.provide('baseURL', process.env.E2E_BASE_URL)
    return
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `E2E needs Debian's Chromium at ${CHROMIUM_PATH}: run 'apt-get install -y chromium' (as root).`,
    )
  }
  const outDir = resolve(process.env.E2E_DIST ?? 'dist')
  if (!existsSync(resolve(outDir, 'index.html'))) {
    throw new Error(`No production build in ${outDir}: run 'npm run build' first.`)
  }
  const server = await preview({
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
    build: { outDir },
    logLevel: 'warn',
  })
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('vite preview did not report a URL')
  project.provide('baseURL', url)
  return async () => {
    await server.close()
  }
}
