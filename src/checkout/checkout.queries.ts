import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { AccountFailure } from '~/account/account-result'
import { useCartLines } from '~/cart/lines.mutations'
import * as cartKeys from '~/cart/cart.keys'
import { usePending } from '~/forms/use-pending'
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

/*
 * The checkout's actions are hooks of the shape of the cart's (src/cart/cart.mutations.ts): `[pending, action]`.
 */

/** A code tried before it is applied: the quote with it says whether it applies, and why not. */
export function useTryCode() {
  const [checking, whilePending] = usePending()
  const tryCode = (input: QuoteInput) => whilePending(() => quoteCheckout({ data: input }))
  return [checking, tryCode] as const
}

/**
 * A piece taken out of the cart (quantity 0) or down to what is left, from checkout. A change the cart does not take
 * (a refusal or no answer) goes to `onFailed`; the cart is as the server answered, and the quotes are read again
 * whatever the answer.
 */
export function useFixCartLine({ onFailed }: { onFailed: () => void }) {
  const queryClient = useQueryClient()
  const [fixing, lines] = useCartLines({ onRefused: onFailed })
  const fix = async (lineId: string, quantity: number): Promise<void> => {
    try {
      await (quantity === 0 ? lines.remove(lineId) : lines.setQuantity(lineId, quantity))
    } catch {
      onFailed()
      await queryClient.invalidateQueries({ queryKey: cartKeys.all })
    }
    await queryClient.invalidateQueries({ queryKey: checkoutKeys.quotes() })
  }
  return [fixing, fix] as const
}

export type PlaceOrderInput = Parameters<typeof placeOrder>[0]['data']

/**
 * The order placed. A refusal goes to `onRefused` (the page says why), then the quotes are read again when the prices
 * moved. Once placed, `onPlaced` ends what ends with the order (the draft, the journey), the cart is read again and
 * the shopper goes on to pay: the provider's page, or the order's. The form awaits it, so "Place order" stays busy
 * (the form's `isSubmitting`, which also covers the checks before it) until the next page.
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
  const [placing, whilePending] = usePending()
  const place = (input: PlaceOrderInput) =>
    whilePending(async (): Promise<void> => {
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
    })
  return [placing, place] as const
}
