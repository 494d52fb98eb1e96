/** Who is asking: what every account service is told about the request (http.server.ts `requestContext`). */
export type RequestContext = {
  ip: string
  userAgent?: string | null
  locale: 'th' | 'en'
  /** The CDN's country of the caller (ISO 3166 alpha-2), when it says one (issue 15: where a session was seen). */
  country?: string | null
}

/** Where a session is being used from, recorded when its last-seen time is written. */
export type SessionSighting = { country?: string | null }

/** The solved bot challenge the browser sends (an ALTCHA payload or a Turnstile token), when it was asked for one. */
export type CaptchaAnswer = string | null
