import { msg } from '@lingui/core/macro'

/**
 * §8's words for a piece that could not be added to the cart: the product page and the wishlist need only these, so
 * they live apart from the cart's other messages (each page's catalog carries the messages of the modules it imports;
 * the cart's other six cost the product page's first load about 0.2 KB, issue 29 item 24).
 */
export const ADD_TO_CART_MESSAGES = {
  outOfStock: msg`This item is out of stock. Please remove from cart`,
  somethingWrong: msg`SOMETHING WRONG! PLEASE TRY AGAIN`,
} as const
