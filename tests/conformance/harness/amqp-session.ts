import { type ChannelModel, type ConfirmChannel, connect } from 'amqplib'

/** A step the broker refused: the reply code and text of the channel or connection close. */
export interface Refusal {
  code: number
  /** The broker's reply text, e.g. `NOT_FOUND - no exchange 'x' in vhost 'v'`, or the client's error. */
  text: string
  level: 'channel' | 'connection' | 'client'
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal }

/** A step that takes longer is a harness failure (e.g. 3.10's exponential `#` matching), not a result. */
const STEP_TIMEOUT_MS = 20_000

const CLOSE_RE = /(\d+) \([^)]*\) with message "([\s\S]*)"$/

function parseClose(err: Error & { code?: number }, level: Refusal['level']): Refusal {
  const m = CLOSE_RE.exec(err.message)
  if (m) return { code: Number(m[1]), text: m[2], level }
  return { code: typeof err.code === 'number' ? err.code : 0, text: err.message, level }
}

/**
 * One AMQP connection to one vhost with one confirm channel, reopened as a client would: a
 * channel error opens a new channel, a connection error (503, 541, ...) a new connection.
 */
export class AmqpSession {
  private conn?: ChannelModel
  private ch?: ConfirmChannel
  private connError?: Refusal
  private chError?: Refusal
  private chClosed = false
  private connClosed = false
  /** Called for every basic.return (mandatory, unroutable). */
  onReturn: (messageId: string, replyCode: number, replyText: string) => void = () => {}

  constructor(private readonly url: string) {}

  /** The open channel, reopening the connection and/or channel if the last step closed them. */
  async channel(): Promise<ConfirmChannel> {
    if (!this.conn || this.connClosed) {
      const conn = await connect(this.url)
      this.conn = conn
      this.connClosed = false
      this.connError = undefined
      this.ch = undefined
      conn.on('error', (e: Error) => {
        this.connError = parseClose(e, 'connection')
      })
      conn.on('close', () => {
        this.connClosed = true
      })
    }
    if (!this.ch || this.chClosed) {
      const ch = await this.conn.createConfirmChannel()
      this.ch = ch
      this.chClosed = false
      this.chError = undefined
      ch.on('error', (e: Error) => {
        this.chError = parseClose(e, 'channel')
      })
      ch.on('close', () => {
        this.chClosed = true
      })
      ch.on('return', (msg) => {
        const f = msg.fields as unknown as { replyCode: number; replyText: string }
        this.onReturn(msg.content.toString('utf8'), f.replyCode, f.replyText)
      })
    }
    return this.ch
  }

  /** Runs one step; a refusal is returned, never thrown, and the session is ready for the next step. */
  async run<T>(step: (ch: ConfirmChannel) => Promise<T>): Promise<Outcome<T>> {
    const ch = await this.channel()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`step timed out after ${STEP_TIMEOUT_MS} ms`)),
        STEP_TIMEOUT_MS,
      )
    })
    try {
      return { ok: true, value: await Promise.race([step(ch), timeout]) }
    } catch (e) {
      if (e instanceof TypeError || e instanceof RangeError) {
        // amqplib refused to encode (e.g. a shortstr over 255 bytes). After such a throw inside an RPC
        // its channel waits forever for a reply that never comes, so abandon it and open a new one.
        this.chClosed = true
        return { ok: false, refusal: parseClose(e, 'client') }
      }
      if ((e as Error).message.startsWith('step timed out')) throw e
      // The close frame can race the rejected promise: wait for the close events before reading them.
      for (let i = 0; i < 100 && !this.chClosed && !this.connClosed; i++) {
        await new Promise((r) => setTimeout(r, 10))
      }
      if (this.connClosed && this.connError) return { ok: false, refusal: this.connError }
      if (this.chClosed && this.chError) return { ok: false, refusal: this.chError }
      if (this.connClosed || this.chClosed) return { ok: false, refusal: parseClose(e as Error, 'channel') }
      return { ok: false, refusal: parseClose(e as Error, 'client') }
    } finally {
      clearTimeout(timer)
    }
  }

  async close(): Promise<void> {
    if (this.conn && !this.connClosed) await this.conn.close().catch(() => undefined)
  }
}
