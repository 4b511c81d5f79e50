/** The why panel and result table from src/explain, for the publish / run the playground shows. */
import { memo } from 'react'
import type { PublishExplanation } from '../engine'
import ResultTable, { type ResultTableProps } from '../explain/result-table'
import WhyPanel from '../explain/why-panel'

export const WhyView = memo(function WhyView({
  publish,
  index,
}: {
  publish: PublishExplanation | null
  index: number | null
}) {
  return publish ? <WhyPanel key={`${index}:${publish.id}`} publish={publish} /> : null
})

export function ResultView(props: {
  run: ResultTableProps['run'] | null
  selected: number | null
  onSelect: (index: number) => void
}) {
  return props.run ? (
    <ResultTable run={props.run} selected={props.selected} onSelect={props.onSelect} />
  ) : null
}
