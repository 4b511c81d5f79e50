/**
 * The message moving along its path: one dot per step, stage after stage (the producer's arrow, then
 * the bindings each exchange matched, then the next exchanges' bindings…). SMIL `animateMotion` over
 * the drawn edge paths themselves (`mpath`), so no coordinates are copied. Skipped when the user asks
 * for reduced motion.
 */

import type { MotionStep } from '../diagram-types'
import type { DiagramOverlay } from './diagram-overlay'
import type { DrawnSvg } from './overlay-svg'
import { el } from './overlay-svg'

const STAGE_S = 0.45

function prefersReducedMotion(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

function pathOf(d: DrawnSvg, step: MotionStep, layer: SVGGElement): SVGPathElement | null {
  if (step.kind === 'producer') return layer.querySelector<SVGPathElement>('path.ov-producer-arrow')
  if (step.kind === 'link') return layer.querySelectorAll<SVGPathElement>('path.ov-link')[step.index] ?? null
  return d.edges.get(step.id) ?? null
}

export function animateMotion(d: DrawnSvg, layer: SVGGElement, overlay: DiagramOverlay): void {
  if (prefersReducedMotion() || typeof d.svg.getCurrentTime !== 'function') return
  const now = d.svg.getCurrentTime()
  overlay.motion.forEach((stage, i) => {
    for (const step of stage) {
      const path = pathOf(d, step, layer)
      if (!path) continue
      if (!path.id) path.id = `${d.svg.id}-ov-path-${i}-${stage.indexOf(step)}`
      const begin = `${(now + 0.05 + i * STAGE_S).toFixed(3)}s`
      const dur = `${STAGE_S}s`
      const dot = el('circle', { class: 'ov-dot', r: '5', visibility: 'hidden' })
      const motion = el('animateMotion', { begin, dur, fill: 'remove', calcMode: 'paced' })
      const mpath = el('mpath', { href: `#${path.id}` })
      motion.appendChild(mpath)
      const show = el('set', { attributeName: 'visibility', to: 'visible', begin, dur })
      dot.append(motion, show)
      layer.appendChild(dot)
    }
  })
}
