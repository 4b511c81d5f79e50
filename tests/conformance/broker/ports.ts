import { createServer } from 'node:net'

/** True when nothing listens on 127.0.0.1:port (we can bind it ourselves). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/**
 * Finds `count` free loopback ports in [from, to), starting at a random offset so that two runs on
 * the same machine rarely probe the same ports. The broker binds them a moment later; a lost race
 * shows up as a clear startup error with the log tail.
 */
// The range avoids 5672/15672/25672 (a system broker) and 35672+ (rabbitmqctl's own distribution ports).
export async function findFreePorts(count: number, from = 25_700, to = 32_000): Promise<number[]> {
  const span = to - from
  const start = Math.floor(Math.random() * span)
  const found: number[] = []
  for (let i = 0; i < span && found.length < count; i++) {
    const port = from + ((start + i) % span)
    if (await isFree(port)) found.push(port)
  }
  if (found.length < count) throw new Error(`no ${count} free loopback ports in ${from}-${to}`)
  return found
}
