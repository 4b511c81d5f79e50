/** Translated texts for the diagram: labels drawn inside it and accessible names of its nodes. */
import { useCallback, useMemo } from 'react'
import { useT } from '../i18n/messages'
import { diagramMessages } from './diagram-messages'
import { DEFAULT_DIAGRAM_LABELS, type DiagramEntity, type DiagramLabels } from './diagram-types'

const LABEL_KEYS = Object.keys(DEFAULT_DIAGRAM_LABELS) as (keyof DiagramLabels)[]

export function useDiagramLabels(): DiagramLabels {
  const t = useT(diagramMessages)
  return useMemo(() => Object.fromEntries(LABEL_KEYS.map((k) => [k, t(k)])) as unknown as DiagramLabels, [t])
}

export function useDescribeNode(): (e: DiagramEntity) => string {
  const t = useT(diagramMessages)
  return useCallback(
    (e: DiagramEntity) =>
      e.kind === 'exchange'
        ? t('nodeExchange', { name: e.name === '' ? t('defaultExchange') : e.name })
        : e.kind === 'queue'
          ? t('nodeQueue', { name: e.name })
          : e.kind === 'publish'
            ? t('nodePublish', { id: e.id })
            : t('nodeHidden', { bindings: e.bindings, queues: e.queues }),
    [t],
  )
}
