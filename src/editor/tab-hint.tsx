/**
 * The way out of a Monaco editor, on screen: inside it Tab types a tab, so a keyboard user needs
 * Monaco's "Toggle Tab Key Moves Focus" (monaco-editor 0.57: Ctrl+M, on macOS Ctrl+Shift+M; the
 * action is registered by monaco-setup.ts) to Tab on to the rest of the page.
 */
import { Fragment, type ReactNode } from 'react'
import { useT } from '../i18n/messages'
import { editorMessages } from './editor-messages'
import './tab-hint.css'

/** Keys are the same in every language: the catalogue's {tab}, {toggle}, {macToggle} become <kbd>. */
const KEYS: Record<string, string> = { tab: 'Tab', toggle: 'Ctrl+M', macToggle: 'Ctrl+Shift+M' }

export function EditorTabHint() {
  const t = useT(editorMessages)
  // split keeps the placeholders' names at the odd places; the offset in the text is a stable key
  const nodes: ReactNode[] = []
  let at = 0
  t('tabHint')
    .split(/\{(\w+)\}/)
    .forEach((part, i) => {
      const key = `${at}`
      nodes.push(
        i % 2 === 1 ? <kbd key={key}>{KEYS[part] ?? part}</kbd> : <Fragment key={key}>{part}</Fragment>,
      )
      at += part.length + 1
    })
  return (
    <p className="editor-tab-hint" data-testid="editor-tab-hint">
      {nodes}
    </p>
  )
}
