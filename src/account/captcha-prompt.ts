import type { CaptchaPrompt } from './account-result'

/** The bot challenge a refusal hands out, as the widget needs it. */
export function captchaPrompt(value: unknown): CaptchaPrompt | undefined {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return undefined
  if (value.kind === 'altcha' && 'challenge' in value && typeof value.challenge === 'object' && value.challenge) {
    return { kind: 'altcha', challenge: JSON.stringify(value.challenge) }
  }
  if (value.kind === 'turnstile' && 'siteKey' in value && typeof value.siteKey === 'string') {
    return { kind: 'turnstile', siteKey: value.siteKey }
  }
  return undefined
}
