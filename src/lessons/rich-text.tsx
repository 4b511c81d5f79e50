/** Renders parsed lesson text as React elements: content never becomes HTML. */
import { ScrollX } from '../components/scroll-x'
import type { Block, Inline } from './content-types'
import { parseInline } from './markdown'

function Inlines({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((i, n) => {
        // inline runs are a fixed sequence; position is their identity
        const key = `${n}:${i.kind}`
        if (i.kind === 'code') return <code key={key}>{i.text}</code>
        if (i.kind === 'strong') return <strong key={key}>{i.text}</strong>
        if (i.kind === 'em') return <em key={key}>{i.text}</em>
        return <span key={key}>{i.text}</span>
      })}
    </>
  )
}

export function RichText({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((b, n) => {
        const key = `${n}:${b.kind}`
        if (b.kind === 'p')
          return (
            <p key={key}>
              <Inlines items={b.inlines} />
            </p>
          )
        if (b.kind === 'table')
          return (
            <ScrollX key={key} className="lesson-table-wrap">
              <table className="lesson-table">
                <thead>
                  <tr>
                    {b.head.map((c, m) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed sequence
                      <th key={`${m}`} scope="col">
                        <Inlines items={c} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {b.rows.map((r, m) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed sequence
                    <tr key={`${m}`}>
                      {r.map((c, k) => {
                        const Cell = k === 0 ? 'th' : 'td'
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells are a fixed sequence
                          <Cell key={`${k}`} scope={k === 0 ? 'row' : undefined}>
                            <Inlines items={c} />
                          </Cell>
                        )
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollX>
          )
        const List = b.kind
        return (
          <List key={key}>
            {b.items.map((item, m) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items are a fixed sequence
              <li key={`${m}`}>
                <Inlines items={item} />
              </li>
            ))}
          </List>
        )
      })}
    </>
  )
}

/** A one-line text with inline markup (titles). */
export function InlineText({ text }: { text: string }) {
  return <Inlines items={parseInline(text)} />
}
