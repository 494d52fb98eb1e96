import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CART_MESSAGES } from '~/cart/messages'
import { Modal } from '~/components/Modal'
import { internalPath } from '~/routing/links'

/**
 * The checkout's two dialogs: a guest is asked to log in first (or goes on as a guest), and a change of prices
 * since the cart is said before the order is placed.
 */
export function CheckoutDialogs({
  askToLogIn,
  onGuest,
  pricesMoved,
  onReview,
}: {
  askToLogIn: boolean
  onGuest: () => void
  pricesMoved: boolean
  onReview: () => void
}) {
  const { i18n } = useLingui()
  return (
    <>
      <Modal open={askToLogIn} onClose={onGuest} title={<Trans>Please log in</Trans>}>
        <p>
          <Trans>Members check out faster with saved addresses, and collect VIP benefits.</Trans>
        </p>
        <div className="form-actions">
          <Link
            className="button button--solid"
            to="/account/login"
            search={{ redirect: internalPath({ to: '/cart' }) }}
          >
            <Trans>Log in</Trans>
          </Link>
          <button type="button" className="button" onClick={onGuest}>
            <Trans>Continue as guest</Trans>
          </button>
        </div>
      </Modal>

      <Modal open={pricesMoved} onClose={onReview} title={<Trans>Prices have changed</Trans>}>
        <p>{i18n._(CART_MESSAGES.pricesNotCurrent)}</p>
        <p>
          <Trans>Please check the new total before you place the order.</Trans>
        </p>
        <button type="button" className="button button--solid" onClick={onReview}>
          <Trans>Review the order</Trans>
        </button>
      </Modal>
    </>
  )
}
