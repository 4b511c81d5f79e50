/**
 * The only module that imports Monaco. Bundled locally (no CDN): `loader.config({ monaco })` hands
 * the wrapper our namespace before any <Editor> mounts, and the editor worker comes from Vite's
 * `?worker`. Only the editor features the playground uses are registered, to keep the chunk small.
 */
import { loader } from '@monaco-editor/react'
import * as monaco from 'monaco-editor/editor'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import 'monaco-editor/features/suggest/register'
// features/suggest only brings inline completions in 0.57; the suggest widget needs its controller.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController'
import 'monaco-editor/features/hover/register'
import 'monaco-editor/features/find/register'
import 'monaco-editor/features/comment/register'
import 'monaco-editor/features/bracketMatching/register'
import 'monaco-editor/features/contextmenu/register'
import 'monaco-editor/features/gotoError/register'
import 'monaco-editor/features/linesOperations/register'
import 'monaco-editor/features/multicursor/register'
import 'monaco-editor/features/wordOperations/register'
import 'monaco-editor/features/clipboard/register'
import 'monaco-editor/features/cursorUndo/register'
import 'monaco-editor/features/quickCommand/register'
import 'monaco-editor/features/toggleTabFocusMode/register'
import 'monaco-editor/features/readOnlyMessage/register'
import 'monaco-editor/features/placeholderText/register'
import { registerScriptLanguage } from './script-language'
import { defineThemes } from './themes'

/**
 * The one MonacoEnvironment. The script language has no language-service worker; it uses the core
 * editor worker. A feature that needs a language worker of its own adds it here, by label.
 */
self.MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
}

loader.config({ monaco })
registerScriptLanguage(monaco)
defineThemes(monaco)

export { monaco }
export type Monaco = typeof monaco
