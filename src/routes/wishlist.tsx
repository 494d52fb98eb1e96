import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { wishlistQuery } from '~/cart/cart.functions'
import { WishlistCard } from '~/cart/components/WishlistCard'
import { PageHeading } from '~/components/PageHeading'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { pageHead } from '~/seo/page-head'
import { internalPath } from '~/routing/links'

export const Route = createFileRoute('/wishlist')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(wishlistQuery(context.boot.locale, context.boot.region.ISOCurrencyCode)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Wishlist`, msg`Pieces you have saved for later.`),
  component: WishlistPage,
})

function WishlistPage() {
  const locale = useLocale()
  const currency = useCurrency()
  const { data: wishlist } = useSuspenseQuery(wishlistQuery(locale, currency))
  return (
    <div className="wishlist-page">
      <PageHeading lead={<Trans>Pieces you have saved for later.</Trans>}>{<Trans>Wishlist</Trans>}</PageHeading>
      {wishlist === null ? (
        <div className="cart-empty">
          <p>
            <Trans>Log in to keep a wishlist: tap the heart on any piece to save it here.</Trans>
          </p>
          <Link
            className="button button--solid"
            to="/account/login"
            search={{ redirect: internalPath({ to: '/wishlist' }) }}
          >
            <Trans>Log in</Trans>
          </Link>
        </div>
      ) : wishlist.items.length === 0 ? (
        <div className="cart-empty">
          <p>
            <Trans>Your wishlist is empty.</Trans>
          </p>
          <Link className="button button--solid" to="/product">
            <Trans>Continue shopping</Trans>
          </Link>
        </div>
      ) : (
        <ul className="product-grid">
          {wishlist.items.map((product) => (
            <li key={product.id}>
              <WishlistCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
