import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { sessionQuery } from '~/account/session.functions'
import { wishlistQuery } from '~/cart/cart.functions'
import { useSetWishlisted } from '~/cart/cart.mutations'
import { HeartIcon } from '~/components/icons'
import { Modal } from '~/components/Modal'
import { useCurrency, useLocale } from '~/i18n/use-locale'

/**
 * The heart of a product (§2, §6): a member keeps it in the wishlist; a guest is asked to log in first
 * (the 'please login' modal) and the product is added once they are back.
 */
export function WishlistButton({ productId }: { productId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const currency = useCurrency()
  const here = useRouterState({ select: (state) => state.location.href })
  const { data: member } = useQuery(sessionQuery())
  const wishlist = useQuery({ ...wishlistQuery(locale, currency), enabled: Boolean(member) })
  const wished = wishlist.data?.productIds.includes(productId) ?? false
  const [asking, setAsking] = useState(false)
  const [busy, setWished] = useSetWishlisted()

  const queryClient = useQueryClient()

  /**
   * A cached product page knows nobody (decision 027): the member and their wishlist are read after it has loaded.
   * A tap before they have arrived waits for them rather than asking a member to log in, or adding a piece that was
   * already kept instead of taking it out.
   */
  async function toggle() {
    const who = member ?? (await queryClient.ensureQueryData(sessionQuery()))
    if (!who) {
      setAsking(true)
      return
    }
    const list = wishlist.data ?? (await queryClient.ensureQueryData(wishlistQuery(locale, currency)))
    await setWished(productId, !(list?.productIds.includes(productId) ?? false))
  }

  return (
    <>
      <button
        type="button"
        className={`button button--wide wishlist-button${wished ? ' wishlist-button--on' : ''}`}
        aria-pressed={member ? wished : undefined}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <HeartIcon />
        <span>{wished ? t`In your wishlist` : t`Add to wishlist`}</span>
      </button>
      <Modal open={asking} onClose={() => setAsking(false)} title={<Trans>Please log in</Trans>}>
        <p>
          <Trans>Log in to keep this piece in your wishlist. We add it for you when you are back.</Trans>
        </p>
        <div className="form-actions">
          <Link className="button button--solid" to="/account/login" search={{ redirect: here, wish: productId }}>
            <Trans>Log in</Trans>
          </Link>
          <button type="button" className="button" onClick={() => setAsking(false)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </Modal>
    </>
  )
}
