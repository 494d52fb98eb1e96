// The page types of the first-load JavaScript bench (scripts/bench-js.mjs), in a module of their own so that the
// browser tests can load the same pages (tests/e2e/admin-shell.spec.ts: no byte of the back office in any of them).

export const PRODUCT = '/product/linen-wrap-dress-1001'

/**
 * The page types. `shopper`: 'first' a first visit (no cookies), 'cart' a guest with an item in the cart, 'member' a
 * logged-in member with an item in the cart (both have chosen cookies); `from`: the page the shopper comes from (the
 * checkout is entered from the cart).
 */
export const JS_PAGES = [
  { name: 'home', path: '/', shopper: 'first' },
  { name: 'listing', path: '/category/dresses', shopper: 'first' },
  { name: 'product', path: PRODUCT, shopper: 'first' },
  { name: 'search', path: '/search?q=dress', shopper: 'first' },
  { name: 'info', path: '/delivery', shopper: 'first' },
  { name: 'login', path: '/account/login', shopper: 'first' },
  { name: 'cart', path: '/cart', shopper: 'cart' },
  { name: 'checkout', path: '/checkout', shopper: 'cart', from: '/cart' },
  { name: 'account', path: '/account', shopper: 'member' },
]
