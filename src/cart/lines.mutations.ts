import { useQueryClient } from '@tanstack/react-query'
import { track, type Ecommerce } from '~/analytics/datalayer'
import { usePending } from '~/forms/use-pending'
import { useCurrency, useLocale } from '~/i18n/use-locale'
import { cartQuery } from './cart.functions'
import * as cartKeys from './cart.keys'
import {
  acceptCartPrices,
  moveCartToRegion,
  moveLineToWishlist,
  removeCartLine,
  setCartQuantity,
} from './lines.functions'
import type { Cart } from './types'

/*
 * The cart's lines changed from the cart page and checkout, a hook of the shape of cart.mutations.ts's: apart from
 * them, as the product page and the wishlist only add pieces (each page's first load carries only what it calls).
 */

/** Why the cart did not take a change: the API's reason (OUT_OF_STOCK …), or ERROR when no answer came. */
export type CartRefusal = { ok: false; reason: string }
/** What a change of the cart answers: the cart as it now is, or why not. */
export type CartAnswer = { ok: true; cart: Cart } | CartRefusal

/**
 * The cart's lines changed from the cart page or checkout, one pending state for all of them. The cart answered goes
 * into the cache; a refusal goes to `onRefused` first, then every cart is read again (it may have changed meanwhile).
 */
export function useCartLines({ onRefused }: { onRefused?: (refusal: CartRefusal) => void } = {}) {
  const queryClient = useQueryClient()
  const lang = useLocale()
  const currency = useCurrency()
  const where = { lang, currency }
  const [pending, whilePending] = usePending()
  const change = (send: () => Promise<CartAnswer>) =>
    whilePending(async () => {
      const result = await send()
      if (result.ok) {
        queryClient.setQueryData(cartQuery(lang, currency).queryKey, result.cart)
      } else {
        onRefused?.(result)
        await queryClient.invalidateQueries({ queryKey: cartKeys.all })
      }
      return result
    })
  const actions = {
    setQuantity: (id: string, quantity: number) => change(() => setCartQuantity({ data: { ...where, id, quantity } })),
    /** `ecommerce`, when given, is reported as remove_from_cart as the line is asked to go. */
    remove: (id: string, ecommerce?: Ecommerce) => {
      if (ecommerce) track('remove_from_cart', { ecommerce })
      return change(() => removeCartLine({ data: { ...where, id } }))
    },
    moveToWishlist: (id: string) => change(() => moveLineToWishlist({ data: { ...where, id } })),
    /** Lines of another region added again in the shopper's currency; a failure is a refusal (`ERROR`). */
    moveToRegion: () =>
      change(() =>
        moveCartToRegion({ data: where }).then(
          (cart) => ({ ok: true as const, cart }),
          () => ({ ok: false as const, reason: 'ERROR' }),
        ),
      ),
    /** The cart takes the prices the shopper has seen (§8). */
    acceptPrices: () => change(async () => ({ ok: true as const, cart: await acceptCartPrices({ data: where }) })),
  }
  return [pending, actions] as const
}
