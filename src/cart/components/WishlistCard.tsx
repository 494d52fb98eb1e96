import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { addRefusalMessage, useAddToCart, useSetWishlisted } from '~/cart/cart.mutations'
import { ADD_TO_CART_MESSAGES } from '~/cart/add-messages'
import { productQuery } from '~/catalog/catalog.queries'
import { ProductCard } from '~/catalog/components/ProductCard'
import type { ProductSummary } from '~/catalog/types'
import { useCurrency, useLocale } from '~/i18n/use-locale'

/**
 * A saved piece on the wishlist page (issue 29, item 23): the product card with "Add to cart" (the size chosen here
 * when the piece comes in more than one) and "Remove".
 */
export function WishlistCard({ product }: { product: ProductSummary }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const currency = useCurrency()
  const id = useId()
  const sizeRef = useRef<HTMLSelectElement>(null)
  const detail = useQuery(productQuery(product.id, locale, currency))
  const variants = detail.data?.variants.filter((variant) => variant.availableOnline) ?? []
  const [size, setSize] = useState('')
  const [sizeError, setSizeError] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ text: string; added: boolean } | null>(null)
  const [adding, addToCart] = useAddToCart()
  const [removing, setWished] = useSetWishlisted()
  const busy = adding || removing
  // One size (or one left online): nothing to choose.
  const chosen = variants.length === 1 ? variants[0] : variants.find((variant) => variant.size === size)
  const soldOut = detail.isSuccess && variants.length === 0

  async function add() {
    setNotice(null)
    if (!chosen) {
      setSizeError(t`Please select your size.`)
      sizeRef.current?.focus()
      return
    }
    setSizeError(null)
    const result = await addToCart(chosen.sku)
    if (!result.ok) {
      setNotice({ text: i18n._(addRefusalMessage(result)), added: false })
      return
    }
    setNotice({ text: t`Added to your cart.`, added: true })
  }

  async function remove() {
    const result = await setWished(product.id, false)
    if (!result.ok) setNotice({ text: i18n._(ADD_TO_CART_MESSAGES.somethingWrong), added: false })
  }

  return (
    <div className="wishlist-card">
      <ProductCard product={product} />
      <div className="wishlist-card__actions">
        {variants.length > 1 ? (
          <div className="field">
            <label htmlFor={`${id}-size`}>
              <Trans>Size</Trans>
            </label>
            <select
              ref={sizeRef}
              id={`${id}-size`}
              value={size}
              aria-invalid={sizeError ? true : undefined}
              aria-describedby={sizeError ? `${id}-error` : undefined}
              onChange={(event) => {
                setSize(event.target.value)
                setSizeError(null)
              }}
            >
              <option value="">{t`Choose`}</option>
              {variants.map((variant) => (
                <option key={variant.sku} value={variant.size}>
                  {variant.size}
                </option>
              ))}
            </select>
            {sizeError ? (
              <p id={`${id}-error`} className="field-error">
                {sizeError}
              </p>
            ) : null}
          </div>
        ) : null}
        {soldOut ? (
          <p className="product__status">
            <Trans>Sold out</Trans>
          </p>
        ) : (
          <button
            type="button"
            className="button button--solid button--wide"
            disabled={busy || !detail.isSuccess}
            aria-describedby={`${id}-name`}
            onClick={() => void add()}
          >
            <Trans>Add to cart</Trans>
          </button>
        )}
        <button
          type="button"
          className="button button--wide"
          disabled={busy}
          aria-describedby={`${id}-name`}
          onClick={() => void remove()}
        >
          <Trans>Remove</Trans>
        </button>
        <span id={`${id}-name`} hidden>
          {product.name}
        </span>
        <p role="status" className="wishlist-card__notice">
          {notice?.text}{' '}
          {notice?.added ? (
            <Link to="/cart">
              <Trans>View cart</Trans>
            </Link>
          ) : null}
        </p>
      </div>
    </div>
  )
}
