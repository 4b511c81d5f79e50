/** The why panel and result table from src/explain, for the publish / run the playground shows. */
import type { PublishExplanation, RunResult } from '../engine'
import ResultTable from '../explain/result-table'
import WhyPanel from '../explain/why-panel'

export function WhyView({ publish }: { publish: PublishExplanation | null }) {
  return publish ? <WhyPanel key={publish.id} publish={publish} /> : null
}

export function ResultView({ run }: { run: Pick<RunResult, 'result' | 'publishes'> | null }) {
  return run ? <ResultTable run={run} /> : null
}
