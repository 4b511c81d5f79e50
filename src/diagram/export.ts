/**
 * Diagram export without any network request: the displayed SVG as a file, a PNG drawn from it on a
 * canvas (labels are plain SVG text since htmlLabels is off, so the canvas is not tainted), and the
 * Mermaid source.
 */

export function svgBlob(svg: string): Blob {
  return new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${withSize(svg, 1).svg}`], {
    type: 'image/svg+xml;charset=utf-8',
  })
}

/** Gives the SVG fixed pixel dimensions (Mermaid writes width="100%") so an <img> can draw it. */
function withSize(svg: string, scale: number): { svg: string; width: number; height: number } {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  const root = doc.documentElement
  const box = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number)
  const width = Math.max(1, Math.ceil((box[2] || 800) * scale))
  const height = Math.max(1, Math.ceil((box[3] || 600) * scale))
  root.setAttribute('width', String(width))
  root.setAttribute('height', String(height))
  root.style.removeProperty('max-width')
  return { svg: new XMLSerializer().serializeToString(root), width, height }
}

/** Rasterises the SVG at `scale` on a solid `background`. */
export async function pngBlob(svg: string, background: string, scale = 2): Promise<Blob> {
  const sized = withSize(svg, scale)
  const img = new Image()
  img.decoding = 'async'
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized.svg)}`
  await img.decode()
  const canvas = document.createElement('canvas')
  canvas.width = sized.width
  canvas.height = sized.height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2D canvas')
  ctx.fillStyle = background
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas.toBlob returned nothing'))), 'image/png'),
  )
}
