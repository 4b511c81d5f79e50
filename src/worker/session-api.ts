/**
 * The playground's engine sessions, kept in the Worker between calls (the broker state of the
 * script's unchanged prefix lives here, never crossing to the page). Keyed by the caller's id; a
 * restarted Worker starts a new session, and the client's `have` makes the reply send everything.
 */
import { type ClientHas, type PublishExplanation, RunSession, type SessionUpdate } from '../engine'

const sessions = new Map<string, RunSession>()

export function sessionUpdate(
  id: string,
  text: string,
  have: ClientHas,
  opts?: { explain?: 'last' },
): SessionUpdate {
  let session = sessions.get(id)
  if (!session) {
    session = new RunSession()
    sessions.set(id, session)
  }
  return session.update(text, have, opts)
}

export function sessionExplain(id: string, generation: string, index: number): PublishExplanation | null {
  return sessions.get(id)?.explain(generation, index) ?? null
}
