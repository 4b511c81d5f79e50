/** A typed AMQP value as text with its type beside it: `pdf` longstr. */
import type { AmqpValue } from '../engine'
import { formatAmqpValue } from './amqp-value'

export function AmqpValueText({ value }: { value: AmqpValue }) {
  return (
    <span className="amqp-value">
      <code>{formatAmqpValue(value)}</code> <span className="amqp-type">{value.type}</span>
    </span>
  )
}
