import { useQueryClient } from '@tanstack/react-query'
import * as accountKeys from '~/account/account.keys'
import { track, type Ecommerce } from '~/analytics/datalayer'
import { usePending } from '~/forms/use-pending'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { addToCart, setWishlisted } from './add.functions'
import { ADD_TO_CART_MESSAGES } from './add-messages'
import { cartQuery } from './cart.functions'
import type { WishlistView } from './types'

/*
 * The cart's and the wishlist's actions (issue 30 item 4, decision 169), one hook each, in the shape of usePending:
 * `[pending, action]`. The action calls the server function, puts what the server answered in the cache (or reads
 * again what it changed), reports the shop's analytics event and gives the answer back; the component only says
 * what happened, in its own words.
 */

/**
 * One piece of a size (`sku`) into the cart: the cart answered is in the cache at once (the header's count), and
 * `ecommerce`, when given, is reported as add_to_cart once the piece is in.
 */
export function useAddToCart() {
  const queryClient = useQueryClient()
  const lang = useLocale()
  const currency = useCurrency()
  const [pending, whilePending] = usePending()
  const add = (sku: string, ecommerce?: Ecommerce) =>
    whilePending(async () => {
      const result = await addToCart({ data: { sku, quantity: 1, lang, currency } })
      if (result.ok) {
        queryClient.setQueryData(cartQuery(lang, currency).queryKey, result.cart)
        if (ecommerce) track('add_to_cart', { ecommerce })
      }
      return result
    })
  return [pending, add] as const
}

/** The words (§8) of a piece the cart did not take: out of stock, or something went wrong. */
export function addRefusalMessage(refusal: { reason: string }) {
  return refusal.reason === 'OUT_OF_STOCK' ? ADD_TO_CART_MESSAGES.outOfStock : ADD_TO_CART_MESSAGES.somethingWrong
}

/**
 * A product kept in the member's wishlist or taken out of it. Once the server has taken the change, every wishlist in
 * the cache says so at once (the heart, the wishlist page's card gone), without waiting for a read; every wishlist is
 * then read again in the background whatever the answer (a piece kept gets its card there).
 */
export function useSetWishlisted() {
  const queryClient = useQueryClient()
  const [pending, whilePending] = usePending()
  const setWished = (productId: string, wished: boolean) =>
    whilePending(async () => {
      const result = await setWishlisted({ data: { productId, wished } })
      if (result.ok) {
        queryClient.setQueriesData<WishlistView | null>(
          { queryKey: accountKeys.wishlists },
          (list) =>
            list && {
              items: wished ? list.items : list.items.filter((item) => item.id !== productId),
              productIds: list.productIds.filter((id) => id !== productId).concat(wished ? productId : []),
            },
        )
      }
      void queryClient.invalidateQueries({ queryKey: accountKeys.wishlists })
      return result
    })
  return [pending, setWished] as const
}
