/**
 * Highlight styles per theme. Each node style sets `color:` explicitly: with the dark theme's light
 * default text, a light fill without it becomes unreadable (TOOLCHAIN §5). Order matters: a later
 * class wins where two set the same property (recv after hl, sel last).
 */
export type DiagramTheme = 'light' | 'dark'

const LIGHT: Record<string, string> = {
  hl: 'fill:#fde68a,stroke:#b45309,stroke-width:2px,color:#111827',
  recv: 'fill:#bbf7d0,stroke:#15803d,stroke-width:3px,color:#052e16',
  hot: 'stroke:#dc2626,stroke-width:3px',
  aehot: 'stroke:#c2410c,stroke-width:3px',
  dead: 'fill:#fee2e2,stroke:#b91c1c,stroke-width:2px,color:#450a0a',
  err: 'fill:#fecaca,stroke:#991b1b,stroke-width:3px,color:#450a0a',
  note: 'fill:#e0f2fe,stroke:#0369a1,color:#082f49',
  missing: 'fill:#f1f5f9,stroke:#64748b,stroke-dasharray:4 3,color:#334155',
  more: 'fill:#f1f5f9,stroke:#64748b,stroke-dasharray:4 3,color:#0f172a',
  sel: 'stroke:#2563eb,stroke-width:4px',
}

const DARK: Record<string, string> = {
  hl: 'fill:#78350f,stroke:#fbbf24,stroke-width:2px,color:#fef3c7',
  recv: 'fill:#14532d,stroke:#4ade80,stroke-width:3px,color:#dcfce7',
  hot: 'stroke:#f87171,stroke-width:3px',
  aehot: 'stroke:#fb923c,stroke-width:3px',
  dead: 'fill:#450a0a,stroke:#f87171,stroke-width:2px,color:#fee2e2',
  err: 'fill:#7f1d1d,stroke:#fca5a5,stroke-width:3px,color:#fee2e2',
  note: 'fill:#0c4a6e,stroke:#7dd3fc,color:#e0f2fe',
  missing: 'fill:#1f2937,stroke:#9ca3af,stroke-dasharray:4 3,color:#e5e7eb',
  more: 'fill:#1f2937,stroke:#9ca3af,stroke-dasharray:4 3,color:#e5e7eb',
  sel: 'stroke:#93c5fd,stroke-width:4px',
}

export function classDefsFor(theme: DiagramTheme): Record<string, string> {
  return theme === 'dark' ? DARK : LIGHT
}
