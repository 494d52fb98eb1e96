/** A refused account call as the screens need it: the API's reason plus what to show beside it. */
export type AccountFailure = {
  ok: false
  status: number
  reason: string
  fields?: Record<string, string>
  retryAt?: string
  attemptsLeft?: number
  captcha?: CaptchaPrompt
}

/** The bot challenge to show (issue 15): ALTCHA's challenge as JSON for its widget, or Turnstile's site key. */
export type CaptchaPrompt = { kind: 'altcha'; challenge: string } | { kind: 'turnstile'; siteKey: string }

export type AccountResult<T> = ({ ok: true } & T) | AccountFailure

/** The member's view of one-time-code state on the confirm screen. */
export type ChallengeInfo = {
  refCode: string
  channel: 'sms' | 'email'
  purpose: 'login' | 'register' | 'change' | 'erase'
  destination: string
  expiresAt: string
  resendAt: string
  attemptsLeft: number
  open: boolean
  /** A change of the member's e-mail or telephone (issue 15): which one, and whether it is removed. */
  change: { field: 'email' | 'telephone'; remove: boolean; confirm: boolean } | null
}
