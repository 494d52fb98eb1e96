import { describe, expect, it } from 'vitest'
import { ADD_TO_CART_MESSAGES } from './add-messages'
import { CART_MESSAGES } from './messages'

describe("the cart's messages", () => {
  it('says a piece that could not be added in the same words on the product page, the wishlist and the cart', () => {
    expect(CART_MESSAGES.outOfStock).toEqual(ADD_TO_CART_MESSAGES.outOfStock)
    expect(CART_MESSAGES.somethingWrong).toEqual(ADD_TO_CART_MESSAGES.somethingWrong)
  })
})
