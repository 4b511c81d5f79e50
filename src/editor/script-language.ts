/**
 * The topology script as a Monaco language: Monarch tokens, comments with `//` (the topic `#` is
 * not a comment), brackets, and completion of keywords and of the names declared in the script.
 */
import type * as Monaco from 'monaco-editor/editor'
import {
  DECLARE_FLAGS,
  EXCHANGE_TYPES,
  parseScript,
  quoteIfNeeded,
  SCRIPT_KEYWORDS,
  VALUE_TYPES,
} from '../engine'

export const LANGUAGE_ID = 'amqp-script'

export function registerScriptLanguage(monaco: typeof Monaco): void {
  monaco.languages.register({ id: LANGUAGE_ID })
  monaco.languages.setLanguageConfiguration(LANGUAGE_ID, {
    comments: { lineComment: '//' },
    brackets: [
      ['{', '}'],
      ['[', ']'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '"', close: '"', notIn: ['string'] },
    ],
    wordPattern: /[^\s{}[\],:"]+/,
  })
  monaco.languages.setMonarchTokensProvider(LANGUAGE_ID, {
    keywords: [...SCRIPT_KEYWORDS],
    types: [...EXCHANGE_TYPES, ...VALUE_TYPES, 'true', 'false', 'null'],
    tokenizer: {
      root: [
        [/\/\/.*$/, 'comment'],
        [/"/, 'string', '@string'],
        [/[{}[\]]/, '@brackets'],
        [/[,:]/, 'operator'],
        [/-?\d+(\.\d+)?([eE][+-]?\d+)?(?=[\s,}\]]|$)/, 'number'],
        [
          /[^\s{}[\],:"]+?(?=\/\/|[\s{}[\],:"]|$)/,
          { cases: { '@keywords': 'keyword', '@types': 'type', '@default': 'identifier' } },
        ],
      ],
      string: [
        [/[^\\"]+/, 'string'],
        [/\\./, 'string.escape'],
        [/"/, 'string', '@pop'],
      ],
    },
  })
  monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    triggerCharacters: [' '],
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position)
      const range = new monaco.Range(
        position.lineNumber,
        word.startColumn,
        position.lineNumber,
        word.endColumn,
      )
      const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1)
      const declared = declaredNames(model)
      const Kind = monaco.languages.CompletionItemKind
      const item = (label: string, kind: Monaco.languages.CompletionItemKind, detail?: string) => ({
        label,
        kind,
        insertText: quoteIfNeeded(label),
        range,
        ...(detail ? { detail } : {}),
      })
      const words = before.trim().split(/\s+/).filter(Boolean)
      const last = words[words.length - 1] ?? ''
      if (words.length === 0) {
        return {
          suggestions: [
            'exchange declare',
            'queue declare',
            'bind',
            'unbind',
            'delete queue',
            'delete exchange',
            'publish',
            'profile',
            'vhost',
          ].map((k) => ({ label: k, kind: Kind.Keyword, insertText: `${k} `, range })),
        }
      }
      const exchanges = declared.exchanges.map((n) => item(n, Kind.Class, 'exchange'))
      const queues = declared.queues.map((n) => item(n, Kind.Field, 'queue'))
      if (words[0] === 'exchange' && words.length === 3)
        return { suggestions: EXCHANGE_TYPES.map((t) => item(t, Kind.EnumMember)) }
      if (last === 'to' || last === 'from') return { suggestions: exchanges }
      if (words[0] === 'bind' || words[0] === 'unbind') {
        if (words.length === 1)
          return { suggestions: [...queues, item('exchange', Kind.Keyword), ...exchanges] }
        if (last === 'exchange') return { suggestions: exchanges }
        return { suggestions: ['to', 'from', 'key', 'args'].map((k) => item(k, Kind.Keyword)) }
      }
      if (words[0] === 'delete' && last === 'queue') return { suggestions: queues }
      if (words[0] === 'delete' && last === 'exchange') return { suggestions: exchanges }
      if (words[0] === 'publish')
        return {
          suggestions: ['to', 'key', 'headers', 'properties', 'mandatory'].map((k) => item(k, Kind.Keyword)),
        }
      if (words[0] === 'queue' || words[0] === 'exchange')
        return {
          suggestions: [...DECLARE_FLAGS[words[0]], 'args'].map((k) => item(k, Kind.Keyword)),
        }
      return { suggestions: [] }
    },
  })
}

type Declared = { exchanges: string[]; queues: string[] }
/** Names a model's owner already knows (the store's last parse), by model URI. */
const declaredSources = new Map<string, () => Declared | null>()

/**
 * The playground's editor gives the names from its last parse (in the Worker), so completion never
 * parses a 10,000-line script on the main thread; other models fall back to parsing their text.
 */
export function setDeclaredSource(modelUri: string, source: (() => Declared | null) | null): void {
  if (source) declaredSources.set(modelUri, source)
  else declaredSources.delete(modelUri)
}

function declaredNames(model: Monaco.editor.ITextModel): Declared {
  const known = declaredSources.get(model.uri.toString())?.()
  return known ?? parseScript(model.getValue()).declared
}
