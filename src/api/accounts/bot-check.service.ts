import type { CaptchaGate } from './captcha.server'
import type { CaptchaAnswer, RequestContext } from './request-context'
import { ApiError } from '~/api/errors'

/**
 * The bot challenge of §5 (issue 15): handed out when a connection nears its limits or sent wrong codes, redeemed
 * once. The checkout asks for it too (placing an order while unpaid ones are held, issue 29).
 */
export class BotCheckService {
  constructor(private readonly gate: CaptchaGate) {}

  /** A fresh challenge for the browser to solve (proof of work, or Turnstile's site key). */
  newCaptcha() {
    return this.gate.prompt()
  }

  /** The solved challenge, redeemed once; without one, or with a wrong or spent one, a fresh challenge is handed out. */
  async passBotCheck(captcha: CaptchaAnswer, context: RequestContext): Promise<void> {
    if (!captcha) {
      throw new ApiError(428, 'CAPTCHA_REQUIRED', 'Please confirm you are not a robot first', {
        captcha: await this.newCaptcha(),
      })
    }
    const verdict = await this.gate.check(captcha, context.ip)
    if (verdict === 'solved') return
    if (verdict === 'unavailable') {
      throw new ApiError(503, 'CAPTCHA_UNAVAILABLE', 'The robot check could not be reached: try again', {
        captcha: await this.newCaptcha(),
      })
    }
    throw new ApiError(400, 'CAPTCHA_INCORRECT', 'The robot check was not passed', {
      captcha: await this.newCaptcha(),
    })
  }

  /** Deletes the challenges that can no longer be redeemed. */
  purge(): Promise<void> {
    return this.gate.purge()
  }
}
