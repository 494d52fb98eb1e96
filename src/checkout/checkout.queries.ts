import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { AccountFailure } from '~/account/account-result'
import { removeCartLine, setCartQuantity } from '~/cart/lines.functions'
import * as cartKeys from '~/cart/cart.keys'
import type { Currency } from '~/domain/money'
import type { ShippingMethod } from '~/domain/orders'
import type { LocaleCode } from '~/i18n/locales'
import { placeOrder, quoteCheckout } from './checkout.functions'

/** What a quote is asked for: the cart's language and currency, the destination, the shipping and the code. */
export type QuoteInput = {
  lang: LocaleCode
  currency: Currency
  /** None until an address is confirmed: the summary then names no delivery fee it cannot promise. */
  country: string | null
  shippingMethod: ShippingMethod
  promotionCode: string | null
}

/** The checkout's query keys: every quote starts with `['checkout', 'quote']`, so all are read again at once. */
export const checkoutKeys = {
  quotes: () => ['checkout', 'quote'] as const,
  quote: ({ lang, currency, country, shippingMethod, promotionCode }: QuoteInput) =>
    [...checkoutKeys.quotes(), lang, currency, country, shippingMethod, promotionCode] as const,
}

/** What the cart costs with this destination, shipping and code: always fresh (the server's figures). */
export const quoteQuery = (input: QuoteInput) =>
  queryOptions({ queryKey: checkoutKeys.quote(input), queryFn: () => quoteCheckout({ data: input }), staleTime: 0 })

/**
 * A code tried before it is applied: the quote with it says whether it applies, and why not. `checking` while the
 * answer is awaited.
 */
export function useTryCode() {
  const [checking, setChecking] = useState(false)
  async function tryCode(input: QuoteInput) {
    setChecking(true)
    try {
      return await quoteCheckout({ data: input })
    } finally {
      setChecking(false)
    }
  }
  return { tryCode, checking }
}

/**
 * A piece taken out of the cart (quantity 0) or down to what is left, from checkout. A change the cart does not take
 * (a refusal or no answer) goes to `onFailed`; the cart and the quotes are read again whatever the answer.
 */
export function useFixCartLine({
  lang,
  currency,
  onFailed,
}: {
  lang: LocaleCode
  currency: Currency
  onFailed: () => void
}) {
  const queryClient = useQueryClient()
  return async (lineId: string, quantity: number): Promise<void> => {
    const line = { lang, currency, id: lineId }
    try {
      const result =
        quantity === 0 ? await removeCartLine({ data: line }) : await setCartQuantity({ data: { ...line, quantity } })
      if (!result.ok) onFailed()
    } catch {
      onFailed()
    }
    await queryClient.invalidateQueries({ queryKey: cartKeys.all })
    await queryClient.invalidateQueries({ queryKey: checkoutKeys.quotes() })
  }
}

export type PlaceOrderInput = Parameters<typeof placeOrder>[0]['data']

/**
 * The order placed. A refusal goes to `onRefused` (the page says why), then the quotes are read again when the prices
 * moved. Once placed, `onPlaced` ends what ends with the order (the draft, the journey), the cart is read again and
 * the shopper goes on to pay: the provider's page, or the order's. The form awaits it, so "Place order" stays busy
 * (the form's `isSubmitting`) until the next page.
 */
export function usePlaceOrder({
  onRefused,
  onPlaced,
}: {
  onRefused: (refusal: AccountFailure) => void
  onPlaced: () => void
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (input: PlaceOrderInput): Promise<void> => {
    const result = await placeOrder({ data: input })
    if (!result.ok) {
      onRefused(result)
      if (result.reason === 'PRICES_CHANGED') {
        await queryClient.invalidateQueries({ queryKey: checkoutKeys.quotes() })
      }
      return
    }
    onPlaced()
    await queryClient.invalidateQueries({ queryKey: cartKeys.all })
    if (result.redirectUrl) {
      window.location.assign(result.redirectUrl)
      return
    }
    await navigate({ to: '/order/$number', params: { number: result.number } })
  }
}
