/**
 * The timeline scenarios bundled from lessons/timeline, in the manifest's order. Each file is checked
 * with the engine's validator; a broken file is reported by name instead of breaking the view.
 */
import manifest from '../../lessons/timeline/index.json'
import { type StepNote, type TimelineScript, validateTimelineScript } from '../engine'

export interface TimelineLesson {
  id: string
  title: StepNote
  intro: StepNote
  takeaway: StepNote
  script: TimelineScript
}

const files = import.meta.glob<unknown>('../../lessons/timeline/*.json', { eager: true, import: 'default' })

function load(id: string): TimelineLesson | { id: string; error: string } {
  const raw = files[`../../lessons/timeline/${id}.json`] as Record<string, unknown> | undefined
  if (!raw) return { id, error: `lessons/timeline/${id}.json is missing` }
  try {
    const script = validateTimelineScript(raw, `lessons/timeline/${id}.json`)
    return {
      id,
      title: raw.title as StepNote,
      intro: raw.intro as StepNote,
      takeaway: raw.takeaway as StepNote,
      script,
    }
  } catch (e) {
    return { id, error: e instanceof Error ? e.message : String(e) }
  }
}

export const TIMELINE_LESSONS = manifest.order.map(load)
