import type { CamelCasedPropertiesDeep } from 'type-fest'
import type { z } from 'zod'
import type { cartLineSchema, cartSchema, wishlistSchema } from '~/contract/commerce'

/** A cart line as the cart page shows it: the API's CartLine, camelCase (§7). */
export type CartLine = CamelCasedPropertiesDeep<z.output<typeof cartLineSchema>>

/**
 * The cart as the storefront reads it: the API's Cart, camelCase, without the guest cart's token, which the server
 * keeps in an HttpOnly cookie and never hands to the page. Its subtotal counts what can be paid now (not sizes out of
 * stock, not lines of another region); its total is subtotal − mixMatchDiscount, before delivery and codes.
 */
export type Cart = Omit<CamelCasedPropertiesDeep<z.output<typeof cartSchema>>, 'cartToken'>

export type WishlistView = CamelCasedPropertiesDeep<z.output<typeof wishlistSchema>>
