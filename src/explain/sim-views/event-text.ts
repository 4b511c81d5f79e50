/** One timeline event in plain words (the translator picks the language); names stay as text. */
import type { QuorumReturnNote, SimEvent } from '../../engine'
import type { Translate } from './timeline-messages'

/** A quorum queue's return: counted or not, against which limit, and where it waits — per version. */
function quorumReturn(message: string, queue: string, q: QuorumReturnNote, t: Translate): string {
  const profile = t(`profile_${q.profile}`)
  const from = q.limitFrom === 'queue' ? t('q_fromQueue') : t('q_fromProfile', { profile })
  const how = t(`q_${q.how}`)
  if (q.place === undefined)
    return t('ev_quorum-over-limit', { message, queue, how, count: q.count, limit: q.limit ?? '', from })
  const counting = !q.counted
    ? t('q_notCounted', { profile, count: q.count })
    : q.limit === null
      ? t('q_countedNoLimit', { count: q.count, profile })
      : t('q_counted', { count: q.count, limit: q.limit, from })
  return t('ev_quorum-returned', { message, queue, how, counting, place: t(`q_${q.place}`) })
}

export function eventText(e: SimEvent, t: Translate): string {
  switch (e.kind) {
    case 'requeued':
    case 'discarded':
      return e.quorum
        ? quorumReturn(e.message, e.queue, e.quorum, t)
        : t(`ev_${e.kind}`, { message: e.message, queue: e.queue })
    case 'delivered':
      return t('ev_delivered', {
        message: e.message,
        queue: e.queue,
        consumer: e.consumer ?? t('getter'),
        tag: e.tag,
        redelivered: e.redelivered ? t('ev_redelivered') : '',
      })
    case 'topology':
      return t('ev_topology', {
        what: t(`w_${e.what}`),
        name: e.name || t('defaultExchange'),
        change: t(e.change),
      })
    case 'error':
      return t('ev_error', { code: e.code })
    case 'overflow':
      return t(`ev_overflow_${e.how}`, { message: e.message, queue: e.queue })
    case 'dead-lettered': {
      const h = e.hop
      const targets = [
        ...(h.outcome === 'no-exchange' ? [t('dlNoExchange')] : []),
        ...(h.outcome === 'unroutable' ? [t('dlNowhere')] : []),
        ...h.queues.map((q) => q.queue),
        ...(h.cycleDropped.length > 0 ? [t('dlCycle', { queues: h.cycleDropped.join(', ') })] : []),
      ]
      return t('ev_dead-lettered', {
        message: e.message,
        queue: e.queue,
        reason: e.reason,
        exchange: h.exchange === '' ? t('defaultExchange') : h.exchange,
        keys: h.routingKeys.map((k) => (k === '' ? '""' : k)).join(', '),
        targets: targets.join('; '),
      })
    }
    default: {
      const params: Record<string, string | number> = {}
      for (const [k, v] of Object.entries(e))
        if (typeof v === 'string' || typeof v === 'number') params[k] = v
      return t(`ev_${e.kind}`, params)
    }
  }
}
