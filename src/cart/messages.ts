import { msg } from '@lingui/core/macro'

/**
 * §8: the cart's messages, word for word. The first two are also the product page's and the wishlist's
 * (ADD_TO_CART_MESSAGES, add-messages.ts), written again here: importing them made a chunk of their own in the
 * first load of the cart and checkout (messages.test.ts keeps the two the same words).
 */
export const CART_MESSAGES = {
  outOfStock: msg`This item is out of stock. Please remove from cart`,
  somethingWrong: msg`SOMETHING WRONG! PLEASE TRY AGAIN`,
  invalidRegion: msg`Invalid Region: Please remove product and try again`,
  pricesNotCurrent: msg`SOME PRICES IN YOUR CART ARE NOT CURRENT.`,
  purchased: msg`You have purchased items in this shopping cart`,
  confirmRemove: msg`ARE YOU SURE TO REMOVE THIS ITEM FROM YOUR SHOPPING CART?`,
  loginForWishlist: msg`Please log in to keep a wishlist.`,
} as const
