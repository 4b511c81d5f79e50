/**
 * exchange.delete / queue.delete and the cascades: deleting removes every binding that names the
 * entity; an auto-delete exchange goes when its last binding as *source* goes (if it ever had one).
 */
import { errors } from './errors'
import { type BindingRecord, type Broker, ensureVhost, type Vhost } from './model'
import { checkShortstr, hasReservedPrefix, stripCrLf } from './names'

/** Remove one binding and auto-delete its source exchange if that was its last outgoing binding. */
export function removeBinding(vhost: Vhost, b: BindingRecord): void {
  if (!vhost.bindings.delete(b.identity)) return
  const source = vhost.exchanges.get(b.source)
  if (!source) return
  source.outgoing.delete(b)
  source.index.remove(b)
  if (source.auto_delete && source.hadSourceBinding && source.outgoing.size === 0)
    dropExchange(vhost, source.name)
}

function dropExchange(vhost: Vhost, name: string): void {
  const x = vhost.exchanges.get(name)
  if (!x) return
  vhost.exchanges.delete(name)
  for (const b of [...vhost.bindings.values()]) {
    if (b.source === name) vhost.bindings.delete(b.identity)
    else if (b.destination_type === 'exchange' && b.destination === name) removeBinding(vhost, b)
  }
}

export function deleteExchange(
  broker: Broker,
  op: { name: string; vhost?: string; if_unused?: boolean },
): void {
  checkShortstr('exchange', op.name)
  const vhost = ensureVhost(broker, op.vhost ?? '/')
  const name = stripCrLf(op.name)
  if (name === '') throw errors.defaultExchange()
  if (hasReservedPrefix(name)) throw errors.deleteSystemExchange(name, vhost.name)
  const x = vhost.exchanges.get(name)
  if (!x) return // idempotent
  if (op.if_unused && x.outgoing.size > 0) throw errors.inUse(name, vhost.name)
  dropExchange(vhost, name)
}

export function deleteQueue(broker: Broker, op: { name: string; vhost?: string }): void {
  checkShortstr('queue', op.name)
  const vhost = ensureVhost(broker, op.vhost ?? '/')
  const name = stripCrLf(op.name)
  if (!vhost.queues.delete(name)) return // idempotent
  for (const b of [...vhost.bindings.values()])
    if (b.destination_type === 'queue' && b.destination === name) removeBinding(vhost, b)
}
