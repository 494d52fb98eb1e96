/**
 * Request headers of the product API besides Authorization (the member's session or the operator's token, both
 * Bearer): a guest's cart and order tokens, which the storefront keeps in HttpOnly cookies, and the key that makes
 * placing an order safe to repeat.
 */
export const CART_TOKEN_HEADER = 'x-cart-token'
export const ORDER_TOKEN_HEADER = 'x-order-token'
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
