/** A row of buttons choosing one exercise; a solved one carries a check mark. */
import { isSolved } from './progress/progress-model'
import { useProgress } from './progress/progress-store'

export default function Picker({
  ids,
  titles,
  current,
  onPick,
}: {
  ids: string[]
  titles: string[]
  current: string
  onPick: (id: string) => void
}) {
  const entries = useProgress((s) => s.progress.entries)
  return (
    <div className="picker">
      {ids.map((id, i) => (
        <button
          key={id}
          type="button"
          data-testid={`pick-${id}`}
          aria-pressed={id === current}
          onClick={() => onPick(id)}
        >
          {isSolved(entries[id]) ? '✓ ' : ''}
          {titles[i]}
        </button>
      ))}
    </div>
  )
}
