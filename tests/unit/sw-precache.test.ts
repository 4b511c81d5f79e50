/** What the service worker precaches: the shell and every view with its own lazy parts, not Monaco or Mermaid. */
import { describe, expect, it } from 'vitest'
import { type BundleFile, precacheList } from '../../scripts/sw-plugin'

const chunk = (fileName: string, more: Partial<BundleFile> = {}): BundleFile => ({
  fileName,
  type: 'chunk',
  moduleIds: [`/app/src/${fileName}.ts`],
  ...more,
})

const BUNDLE: BundleFile[] = [
  chunk('assets/index-1.js', { isEntry: true, imports: ['assets/react-1.js'], css: ['assets/index-1.css'] }),
  chunk('assets/react-1.js', { moduleIds: ['/app/node_modules/react/index.js'] }),
  chunk('assets/playground-page-1.js', {
    facadeModuleId: '/app/src/playground/playground-page.tsx',
    imports: ['assets/engine-1.js'],
    dynamicImports: ['assets/script-editor-1.js', 'assets/diagram-pane-1.js'],
    css: ['assets/playground-page-1.css'],
  }),
  chunk('assets/engine-1.js'),
  chunk('assets/script-editor-1.js', {
    facadeModuleId: '/app/src/editor/script-editor.tsx',
    imports: ['assets/editor.api-1.js'],
  }),
  chunk('assets/editor.api-1.js', { moduleIds: ['/app/node_modules/monaco-editor/esm/vs/editor.api.js'] }),
  chunk('assets/diagram-pane-1.js', {
    facadeModuleId: '/app/src/diagram/diagram-pane.tsx',
    dynamicImports: ['assets/mermaid.core-1.js'],
  }),
  chunk('assets/mermaid.core-1.js', {
    facadeModuleId: '/app/node_modules/mermaid/dist/mermaid.core.mjs',
    moduleIds: ['/app/node_modules/mermaid/dist/mermaid.core.mjs'],
  }),
  chunk('sw.js', { isEntry: true }),
  { fileName: 'assets/engine.worker-1.js', type: 'asset' },
  { fileName: 'assets/ts.worker-1.js', type: 'asset' },
]

describe('precache list', () => {
  const list = precacheList(BUNDLE, ['favicon.svg', 'scenarios/a.json'])
  it('holds the shell, the view with its styles and own lazy parts, the engine Worker and public files', () => {
    for (const f of [
      './',
      'assets/index-1.js',
      'assets/index-1.css',
      'assets/react-1.js',
      'assets/playground-page-1.js',
      'assets/playground-page-1.css',
      'assets/engine-1.js',
      'assets/script-editor-1.js',
      'assets/diagram-pane-1.js',
      'assets/engine.worker-1.js',
      'favicon.svg',
      'scenarios/a.json',
    ])
      expect(list).toContain(f)
  })
  it('leaves Monaco, Mermaid, their workers and the service worker itself to first use', () => {
    for (const f of ['assets/editor.api-1.js', 'assets/mermaid.core-1.js', 'assets/ts.worker-1.js', 'sw.js'])
      expect(list).not.toContain(f)
  })
})
