import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { CaptchaPrompt } from '~/account/account-result'
import { CaptchaField } from '~/account/components/LazyCaptchaField'

const BLOCKED_ID = 'checkout-blocked'

/**
 * The end of the summary: why the last try was refused, the bot check when the shop asks for one, what still stops
 * the order, and the button that places it (busy while it is placed).
 */
export function PlaceOrder({
  problem,
  captchaPrompt,
  onCaptchaSolved,
  blocked,
  ready,
  placing,
  onPlace,
}: {
  problem: string | null
  captchaPrompt: CaptchaPrompt | null
  onCaptchaSolved: (solution: string | null) => void
  /** Points marked above stop the order. */
  blocked: boolean
  /** The total is known and the bot check, if asked, is solved. */
  ready: boolean
  placing: boolean
  onPlace: () => void
}) {
  return (
    <>
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      {captchaPrompt ? <CaptchaField prompt={captchaPrompt} onSolved={onCaptchaSolved} /> : null}
      {blocked ? (
        <p className="field-error" id={BLOCKED_ID}>
          <Trans>The order cannot be placed until the points marked above are settled.</Trans>
        </p>
      ) : null}
      <button
        type="button"
        className="button button--solid button--wide"
        disabled={placing || !ready || blocked}
        aria-busy={placing || undefined}
        aria-describedby={blocked ? BLOCKED_ID : undefined}
        onClick={onPlace}
      >
        <Trans>Place order</Trans>
      </button>
      <Link className="button button--wide" to="/product">
        <Trans>Shop more</Trans>
      </Link>
    </>
  )
}
