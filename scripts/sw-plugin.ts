/**
 * Builds the service worker (src/sw/service-worker.ts → sw.js beside index.html) and fills in what it
 * precaches: the app shell, every view with its styles and the engine Worker, and the public files
 * (scenarios, icon, manifest). Monaco and Mermaid are left to "cache on first use".
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'

export interface BundleFile {
  fileName: string
  type: 'chunk' | 'asset'
  isEntry?: boolean
  facadeModuleId?: string | null
  moduleIds?: string[]
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}

/** Views are precached with what they import, statically or lazily, of the app's own code. */
const VIEW = /[\\/]src[\\/](playground|lessons|practice|timeline)[\\/][\w-]+-page\.tsx$/
const APP_CODE = /[\\/]src[\\/]/
/** Big libraries cached on first use instead: Monaco, Mermaid and what only they load. */
const HEAVY = /node_modules[\\/](monaco-editor|mermaid|@mermaid-js|cytoscape|katex|typescript)[\\/]/
/** Language workers of Monaco: big, and only needed once an editor opens. */
const MONACO_WORKER = /(^|\/)(editor|ts|json|css|html)\.worker-[\w-]+\.js$/
const SW_FILE = 'sw.js'

/** The files to precache, relative to the app's folder ('./' is index.html). */
export function precacheList(files: BundleFile[], publicFiles: string[]): string[] {
  const byName = new Map(files.map((f) => [f.fileName, f]))
  const heavy = (f: BundleFile) => (f.moduleIds ?? []).some((id) => HEAVY.test(id))
  const out = new Set<string>(['./', ...publicFiles])
  const walk = (name: string) => {
    const f = byName.get(name)
    if (!f || out.has(name) || heavy(f)) return
    out.add(name)
    for (const extra of [...(f.css ?? []), ...(f.assets ?? [])]) out.add(extra)
    for (const dep of f.imports ?? []) walk(dep)
    for (const dep of f.dynamicImports ?? [])
      if (APP_CODE.test(byName.get(dep)?.facadeModuleId ?? '')) walk(dep)
  }
  for (const f of files) {
    if (f.type !== 'chunk' || f.fileName === SW_FILE) continue
    if (f.isEntry || VIEW.test(f.facadeModuleId ?? '')) walk(f.fileName)
  }
  for (const f of files)
    if (/\.worker-[\w-]+\.js$/.test(f.fileName) && !MONACO_WORKER.test(f.fileName)) out.add(f.fileName)
  return [...out].sort()
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? listFiles(path).map((p) => `${name}/${p}`) : [name] // URL paths
    })
  } catch {
    return []
  }
}

/** Replace a quoted placeholder string in built code by a JS string literal of `value`. */
function fill(code: string, placeholder: string, value: string): string {
  const re = new RegExp(`(["'\`])${placeholder}\\1`)
  if (!re.test(code)) throw new Error(`sw-plugin: ${placeholder} not found in ${SW_FILE}`)
  return code.replace(re, () => JSON.stringify(value))
}

export function serviceWorker(entry = 'src/sw/service-worker.ts'): Plugin {
  let publicDir = ''
  return {
    name: 'amqp-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: resolve(entry), fileName: SW_FILE })
    },
    generateBundle(_options, bundle) {
      const files: BundleFile[] = Object.values(bundle).map((o) =>
        o.type === 'chunk'
          ? {
              fileName: o.fileName,
              type: 'chunk',
              isEntry: o.isEntry,
              facadeModuleId: o.facadeModuleId,
              moduleIds: o.moduleIds,
              imports: o.imports,
              dynamicImports: o.dynamicImports,
              css: [...(o.viteMetadata?.importedCss ?? [])],
              assets: [...(o.viteMetadata?.importedAssets ?? [])],
            }
          : { fileName: o.fileName, type: 'asset' },
      )
      const publicFiles = listFiles(publicDir)
      const precache = precacheList(files, publicFiles)
      const known = [...new Set([...files.map((f) => f.fileName), ...publicFiles])]
        .filter((f) => f !== SW_FILE)
        .sort()
      // Hashed names change with their content; public files keep their names, so their bytes count.
      const hash = createHash('sha256').update(known.join('\n'))
      for (const f of publicFiles) hash.update(readFileSync(join(publicDir, f)))
      const version = hash.digest('hex').slice(0, 12)
      const sw = bundle[SW_FILE]
      if (sw?.type !== 'chunk') throw new Error(`sw-plugin: ${SW_FILE} was not built`)
      // Registered as a classic script (every browser): no module syntax may reach it.
      if (/^\s*(import|export)\b/m.test(sw.code)) throw new Error(`sw-plugin: ${SW_FILE} must import nothing`)
      // The version is hex, safe anywhere (the minifier folds it into the cache name's string).
      if (!sw.code.includes('__BUILD_VERSION__')) throw new Error('sw-plugin: __BUILD_VERSION__ not found')
      const code = sw.code.replaceAll('__BUILD_VERSION__', version)
      sw.code = fill(fill(code, '__PRECACHE_LIST__', precache.join('\n')), '__ASSET_LIST__', known.join('\n'))
    },
  }
}
