/** One line per script step, close to what a client would call (AMQP method names stay as they are). */
import type { SimOp } from '../../engine'

const key = (k: string) => (k === '' ? '""' : k)

export function opSummary(op: SimOp): string {
  const on = op.channel ? ` @${op.channel}` : ''
  switch (op.op) {
    case 'connection.open':
    case 'connection.close':
      return `${op.op} ${op.connection}`
    case 'channel.open':
      return `channel.open ${op.channel ?? 'ch'} (${op.connection})`
    case 'channel.close':
    case 'confirm.select':
      return `${op.op}${on}`
    case 'exchange.declare':
      return `exchange.declare ${op.exchange.name} (${op.exchange.type}${op.exchange.auto_delete ? ', auto-delete' : ''})${on}`
    case 'queue.declare': {
      const q = op.queue
      const flags = [
        q.durable === false ? 'transient' : '',
        q.exclusive ? 'exclusive' : '',
        q.auto_delete ? 'auto-delete' : '',
      ]
      const shown = flags.filter(Boolean).join(', ')
      return `queue.declare ${key(q.name)}${shown ? ` (${shown})` : ''}${on}`
    }
    case 'bind':
    case 'unbind':
      return `${op.op} ${op.binding.source} → ${op.binding.destination} [${key(op.binding.routing_key)}]${on}`
    case 'exchange.delete':
    case 'queue.delete':
    case 'queue.purge':
      return `${op.op} ${op.name}${on}`
    case 'publish':
      return `publish ${op.publish.id} → ${op.publish.exchange === '' ? '(default)' : op.publish.exchange} [${key(op.publish.routing_key)}]${op.publish.mandatory ? ' mandatory' : ''}${on}`
    case 'consume': {
      const flags = [
        op.prefetch ? `prefetch ${op.prefetch}` : '',
        op.exclusive ? 'exclusive' : '',
        op.arguments?.['x-priority'] !== undefined ? `x-priority ${String(op.arguments['x-priority'])}` : '',
      ].filter(Boolean)
      const tag = op.consumer === '' ? '(server tag)' : op.consumer
      return `consume ${op.queue} as ${tag}${flags.length ? ` (${flags.join(', ')})` : ''}${on}`
    }
    case 'cancel':
      return `cancel ${op.consumer}${on}`
    case 'get':
      return `basic.get ${op.queue}${op.noAck ? ' (no-ack)' : ''}${on}`
    case 'wait':
      return `wait ${op.ms} ms`
    case 'qos':
      return `basic.qos ${op.prefetch}${op.global ? ' (global)' : ''}${on}`
    case 'recover':
      return `basic.recover${on}`
    case 'policy.set':
      return `policy set ${op.policy.name} (${op.policy.pattern})`
    case 'policy.clear':
      return `policy clear ${op.name}`
    case 'ack':
    case 'nack':
    case 'reject': {
      const what = op.message ?? `tag ${op.tag}`
      const flags = [
        op.multiple ? 'multiple' : '',
        op.op !== 'ack' ? (op.requeue === false ? 'drop' : 'requeue') : '',
      ]
      const shown = flags.filter(Boolean).join(', ')
      return `${op.op} ${what}${shown ? ` (${shown})` : ''}${on}`
    }
  }
}
