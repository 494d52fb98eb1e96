import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Fragment, useId, useState } from 'react'
import { sessionQuery } from '~/account/session.functions'
import { majorUnits, useTrackOnce } from '~/analytics/datalayer'
import { cartQuery } from '~/cart/cart.functions'
import { useCartLines, type CartAnswer } from '~/cart/lines.mutations'
import { MixMatchProgress } from '~/cart/components/MixMatchProgress'
import { CART_MESSAGES } from '~/cart/messages'
import type { Cart, CartLine } from '~/cart/types'
import { CatalogPicture } from '~/catalog/components/CatalogPicture'
import { ClubNote } from '~/catalog/components/ClubLabel'
import { Modal } from '~/components/Modal'
import { PageHeading } from '~/components/PageHeading'
import { formatMoney } from '~/domain/money'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { pageHead } from '~/seo/page-head'
import { productLink } from '~/catalog/product-link'
import { usePending } from '~/forms/use-pending'

export const Route = createFileRoute('/cart')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(cartQuery(context.boot.locale, context.boot.region.ISOCurrencyCode)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Cart`, msg`Your shopping cart.`),
  component: CartPage,
})

/** A cart line's colour of its family, for the link to its product page. */
const lineRef = (line: { productId: string; familyId: string; colorSlug: string }) => ({
  id: line.productId,
  familyId: line.familyId,
  colorSlug: line.colorSlug,
})

function CartPage() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const currency = useCurrency()
  const navigate = useNavigate()
  const { data: cart } = useSuspenseQuery(cartQuery(locale, currency))
  const { data: member } = useQuery(sessionQuery())
  const [removing, setRemoving] = useState<CartLine | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [changing, lines] = useCartLines({
    onRefused: (result) =>
      setProblem(
        result.reason === 'OUT_OF_STOCK'
          ? i18n._(CART_MESSAGES.outOfStock)
          : result.reason === 'UNAUTHENTICATED'
            ? i18n._(CART_MESSAGES.loginForWishlist)
            : i18n._(CART_MESSAGES.somethingWrong),
      ),
  })
  const [leaving, whileLeaving] = usePending()
  const busy = changing || leaving
  const [announcement, setAnnouncement] = useState('')
  const cartId = cart.id
  useTrackOnce(cartId, 'view_cart', () => ({ ecommerce: ecommerceOf(cart) }))

  /** A change of the cart's lines; said in the live region once the cart has taken it. */
  async function apply(change: Promise<CartAnswer>, done: string) {
    setProblem(null)
    if ((await change).ok) setAnnouncement(done)
  }

  async function checkOut() {
    await whileLeaving(async () => {
      // The shopper has seen the current prices here: the cart takes them before checkout.
      if (cart.pricesChanged) await lines.acceptPrices()
      await navigate({ to: '/checkout' })
    })
  }

  // Lines added under another region keep their own currency; the subtotal counts only what can be paid here.
  const foreignLines = cart.items.filter((line) => line.regionMismatch)
  const payableCount = cart.items.length - foreignLines.length
  const foreignTotals = [...new Set(foreignLines.map((line) => line.currency))].map((lineCurrency) => ({
    currency: lineCurrency,
    total: foreignLines.filter((line) => line.currency === lineCurrency).reduce((sum, line) => sum + line.lineTotal, 0),
  }))
  const here = currency.toUpperCase()
  const foreignCount = foreignLines.length
  // What the subtotal counts (issue 29 item 10): not a size out of stock, not a line of another currency.
  const countedLines = cart.items.filter((line) => !line.regionMismatch && !line.outOfStock)
  const notCounted = cart.items.filter((line) => !line.regionMismatch && line.outOfStock).length

  return (
    <div className="cart-page">
      <PageHeading>{<Trans>Cart</Trans>}</PageHeading>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {cart.purchased ? (
        <p className="form-success" role="status">
          {i18n._(CART_MESSAGES.purchased)}
        </p>
      ) : null}

      {cart.items.length === 0 ? (
        <div className="cart-empty">
          <p>
            <Trans>Your cart is empty.</Trans>
          </p>
          <Link className="button button--solid" to="/product">
            <Trans>Continue shopping</Trans>
          </Link>{' '}
          {/* §2 cart: wishlist (issue 29, item 23): the pieces kept for later are one tap away. */}
          <Link className="button" to="/wishlist">
            <Trans>Wishlist</Trans>
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <div>
            <h2 className="visually-hidden">
              <Trans>Items in your cart</Trans>
            </h2>
            {cart.pricesChanged ? (
              <p className="form-alert" role="alert">
                {i18n._(CART_MESSAGES.pricesNotCurrent)}
              </p>
            ) : null}
            {problem ? (
              <p className="form-alert" role="alert">
                {problem}
              </p>
            ) : null}
            {foreignCount > 0 ? (
              <div className="form-alert cart-region" data-testid="cart-region">
                <p>
                  <Trans>
                    Pieces marked below were added while you shopped in another currency: they cannot be paid in {here}{' '}
                    as they are.
                  </Trans>
                </p>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void apply(lines.moveToRegion(), i18n._(msg`Added again at today’s prices.`))}
                >
                  <Trans>Add again at today’s {here} prices</Trans>
                </button>
              </div>
            ) : null}
            <ul className="cart-lines">
              {cart.items.map((line) => (
                <CartLineRow
                  key={line.id}
                  line={line}
                  busy={busy}
                  member={Boolean(member)}
                  onQuantity={(quantity) =>
                    void apply(lines.setQuantity(line.id, quantity), i18n._(msg`Quantity changed.`))
                  }
                  onRemove={() => setRemoving(line)}
                  onWishlist={() => void apply(lines.moveToWishlist(line.id), i18n._(msg`Moved to your wishlist.`))}
                />
              ))}
            </ul>
          </div>
          <aside className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title">
              <Trans>Summary</Trans>
            </h2>
            <dl>
              {payableCount > 0 ? (
                <>
                  <dt>
                    <Trans>Subtotal</Trans>
                  </dt>
                  <dd data-testid="cart-subtotal">{formatMoney(cart.subtotal, cart.currency, locale)}</dd>
                  {notCounted > 0 ? (
                    <dd className="account-muted" data-testid="cart-not-counted">
                      {notCounted === 1 ? (
                        <Trans>1 piece out of stock is not counted.</Trans>
                      ) : (
                        <Trans>{notCounted} pieces out of stock are not counted.</Trans>
                      )}
                    </dd>
                  ) : null}
                  {cart.mixMatchDiscount > 0 ? (
                    <>
                      <dt>
                        <Trans>Mix and match</Trans>
                      </dt>
                      <dd data-testid="cart-mix-match">−{formatMoney(cart.mixMatchDiscount, cart.currency, locale)}</dd>
                    </>
                  ) : null}
                  <dt>
                    <Trans>Shipping</Trans>
                  </dt>
                  <dd data-testid="cart-shipping">{t`Calculated at checkout`}</dd>
                  <dt className="summary-total">
                    <Trans>Total to pay</Trans>
                  </dt>
                  <dd className="summary-total" data-testid="cart-total">
                    {formatMoney(cart.total, cart.currency, locale)}
                  </dd>
                </>
              ) : null}
              {foreignTotals.map((entry) => {
                const other = entry.currency.toUpperCase()
                return (
                  <Fragment key={entry.currency}>
                    <dt>
                      <Trans>Priced in {other}, not included</Trans>
                    </dt>
                    <dd data-testid={`cart-foreign-${entry.currency}`}>
                      {formatMoney(entry.total, entry.currency, locale)}
                    </dd>
                  </Fragment>
                )
              })}
            </dl>
            <MixMatchProgress
              currency={cart.currency}
              lines={countedLines}
              bundles={cart.mixMatchBundles}
              saving={cart.mixMatchDiscount}
            />
            <p className="account-muted">
              <Trans>Shipping and discount codes are worked out at checkout. Prices include VAT.</Trans>
            </p>
            {cart.blocked ? (
              <p className="form-alert" role="alert">
                <Trans>Please remove the items marked above before checking out.</Trans>
              </p>
            ) : null}
            <button
              type="button"
              className="button button--solid button--wide"
              disabled={busy || cart.blocked}
              onClick={() => void checkOut()}
            >
              <Trans>Check out</Trans>
            </button>
            <Link className="button button--wide" to="/product">
              <Trans>Continue shopping</Trans>
            </Link>
          </aside>
        </div>
      )}

      <Modal open={removing !== null} onClose={() => setRemoving(null)} title={i18n._(CART_MESSAGES.confirmRemove)}>
        <p>{removing ? `${removing.name} · ${removing.size}` : null}</p>
        <div className="form-actions">
          <button
            type="button"
            className="button button--solid"
            onClick={() => {
              const line = removing
              setRemoving(null)
              if (line) {
                const ecommerce = ecommerceOf({ ...cart, items: [line] })
                void apply(lines.remove(line.id, ecommerce), i18n._(msg`Item removed.`))
              }
            }}
          >
            <Trans>Remove</Trans>
          </button>
          <button type="button" className="button" onClick={() => setRemoving(null)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </Modal>
    </div>
  )
}

function CartLineRow({
  line,
  busy,
  member,
  onQuantity,
  onRemove,
  onWishlist,
}: {
  line: CartLine
  busy: boolean
  member: boolean
  onQuantity: (quantity: number) => void
  onRemove: () => void
  onWishlist: () => void
}) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const quantityId = useId()
  const most = Math.max(line.quantity, Math.min(10, line.available))
  const name = line.name
  const size = line.size
  return (
    <li className={`cart-line${line.outOfStock || line.regionMismatch ? ' cart-line--blocked' : ''}`}>
      <Link {...productLink(lineRef(line), line.size)} className="cart-line__image">
        {line.image ? <CatalogPicture image={line.image} sizes="96px" widths={[160, 320]} /> : null}
      </Link>
      <div className="cart-line__body">
        <h3 className="cart-line__name">
          <Link {...productLink(lineRef(line), line.size)}>{line.name}</Link>
        </h3>
        <p className="account-muted">
          <Trans>Size: {size}</Trans>
        </p>
        <p className="cart-line__price">
          {line.priceChanged && !line.regionMismatch ? (
            <span className="price price--sale">
              <del>
                <span className="visually-hidden">{t`Old price`} </span>
                {formatMoney(line.addedPrice, line.currency, locale)}
              </del>{' '}
              <ins>
                <span className="visually-hidden">{t`New price`} </span>
                {formatMoney(line.unitPrice, line.currency, locale)}
              </ins>
            </span>
          ) : (
            <span className="price">{formatMoney(line.unitPrice, line.currency, locale)}</span>
          )}
        </p>
        {line.tags.includes('club') ? <ClubNote currency={line.currency} /> : null}
        {line.outOfStock ? (
          <p className="field-error" role="alert">
            {i18n._(CART_MESSAGES.outOfStock)}
          </p>
        ) : null}
        {line.outOfStock && !line.regionMismatch ? (
          <p className="account-muted cart-line__not-counted" data-testid="cart-line-not-counted">
            <Trans>Not counted in the subtotal</Trans>
          </p>
        ) : null}
        {line.regionMismatch ? (
          <p className="field-error" role="alert">
            {i18n._(CART_MESSAGES.invalidRegion)}
          </p>
        ) : null}
        <div className="cart-line__actions">
          <label htmlFor={quantityId} className="visually-hidden">
            {t`Quantity of ${name}`}
          </label>
          <select
            id={quantityId}
            value={line.quantity}
            disabled={busy || line.available === 0 || line.regionMismatch}
            onChange={(event) => onQuantity(Number(event.target.value))}
          >
            {Array.from({ length: most }, (_, index) => index + 1).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={onRemove}
            aria-label={t`Remove ${name}`}
          >
            <Trans>Remove</Trans>
          </button>
          {member ? (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={onWishlist}
              aria-label={t`Move ${name} to the wishlist`}
            >
              <Trans>Move to wishlist</Trans>
            </button>
          ) : null}
        </div>
      </div>
      <p className="cart-line__total">{formatMoney(line.lineTotal, line.currency, locale)}</p>
    </li>
  )
}

/** A cart in GA4's e-commerce shape (prices in major units). */
function ecommerceOf(cart: Pick<Cart, 'currency' | 'items'>) {
  return {
    currency: cart.currency.toUpperCase(),
    value: majorUnits(
      cart.items.filter((line) => line.currency === cart.currency).reduce((sum, line) => sum + line.lineTotal, 0),
    ),
    items: cart.items.map((line) => ({
      item_id: line.productId,
      item_name: line.name,
      item_variant: line.size,
      item_category: line.category,
      price: majorUnits(line.unitPrice),
      quantity: line.quantity,
    })),
  }
}
