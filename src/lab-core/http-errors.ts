/**
 * The management HTTP API answers a refused step with an HTTP status and a reason, not an AMQP
 * reply code. These ordered rules recover the code the broker would have sent over AMQP; the
 * shell kit gets the same rules as bash (kit-http.ts) and live mode uses them directly.
 */

export interface HttpErrorRule {
  /** Matches the HTTP status (when set) … */
  status?: number
  /** … and the reason text (a POSIX ERE that JavaScript reads the same way, when set). */
  reason?: string
  /** The AMQP code; `from-reason` takes the 3 digits the reason starts with; `type` = 503 on 3.x, 406 on 4.x. */
  code: number | 'from-reason' | 'type'
  /** The AMQP name put in front of the reason (`NAME - reason`), unless the reason has one. */
  name?: string
  /** A text to use instead of the reason (the HTTP API gives none for access refusals). */
  text?: string
}

export const HTTP_ERROR_RULES: readonly HttpErrorRule[] = [
  // A publish refused on the API's own channel carries the AMQP code: "404 NOT_FOUND - no exchange …"
  { reason: '^([0-9]{3}) [A-Z_]+ - ', code: 'from-reason' },
  {
    status: 401,
    code: 403,
    name: 'ACCESS_REFUSED',
    text: 'access refused (the HTTP API does not say why)',
  },
  { status: 404, code: 404, name: 'NOT_FOUND' },
  { reason: '(unknown|invalid) exchange type', code: 'type' },
  { reason: 'exclusive access', code: 405, name: 'RESOURCE_LOCKED' },
  { reason: 'non-durable, non-exclusive', code: 541, name: 'INTERNAL_ERROR' },
  { status: 400, code: 406, name: 'PRECONDITION_FAILED' },
]

/** `{error, reason}` of an error body, or the raw text. */
export function httpReason(body: string): string {
  try {
    const j = JSON.parse(body) as { reason?: unknown }
    if (typeof j.reason === 'string') return j.reason
  } catch {
    /* not JSON */
  }
  return body.trim()
}

/** The AMQP refusal behind an HTTP error (code 0 when no rule knows it). */
export function amqpRefusal(
  status: number,
  body: string,
  brokerVersion: string,
): { code: number; text: string } {
  const reason = httpReason(body)
  for (const rule of HTTP_ERROR_RULES) {
    if (rule.status !== undefined && rule.status !== status) continue
    const m = rule.reason === undefined ? null : new RegExp(rule.reason).exec(reason)
    if (rule.reason !== undefined && !m) continue
    if (rule.code === 'from-reason') return { code: Number(m?.[1]), text: reason }
    if (rule.code === 'type') {
      const v4 = Number.parseInt(brokerVersion, 10) >= 4
      return { code: v4 ? 406 : 503, text: `${v4 ? 'PRECONDITION_FAILED' : 'COMMAND_INVALID'} - ${reason}` }
    }
    return { code: rule.code, text: `${rule.name} - ${rule.text ?? reason}` }
  }
  return { code: 0, text: `HTTP ${status} - ${reason}` }
}

/**
 * A refused policy's reason (`PUT /api/policies/…` answers 400), as every kit records it: the API
 * escapes HTML in it (`<<"foo">>` arrives as `&lt;&lt;"foo"&gt;&gt;`), which is undone.
 */
export function policyReason(body: string): string {
  return httpReason(body).replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
}
