import { msg } from '@lingui/core/macro'
import { ADD_TO_CART_MESSAGES } from './add-messages'

/** §8: the cart's messages, word for word. */
export const CART_MESSAGES = {
  ...ADD_TO_CART_MESSAGES,
  invalidRegion: msg`Invalid Region: Please remove product and try again`,
  pricesNotCurrent: msg`SOME PRICES IN YOUR CART ARE NOT CURRENT.`,
  purchased: msg`You have purchased items in this shopping cart`,
  confirmRemove: msg`ARE YOU SURE TO REMOVE THIS ITEM FROM YOUR SHOPPING CART?`,
  selectSize: msg`Please select your size.`,
  loginForWishlist: msg`Please log in to keep a wishlist.`,
} as const
