/**
 * Paths (without the language prefix) whose pages show nobody's data: the catalog, search and the information
 * pages (decision 027). The server renders them without the session or the cart, keeps them in the shared page
 * cache, and the browser fills in the header's account link and cart count and the wishlist hearts. Carts,
 * checkout, orders, accounts, the wishlist, scanning and anything else are rendered for each request.
 */
const SHARED_PAGE =
  /^\/(?:|category(?:\/[^/]+)?|collection(?:\/[^/]+){0,2}|product(?:\/[^/]+)?|search|editorials(?:\/[^/]+)?|about-us|delivery|stores|privacy-policy|terms-and-conditions)\/?$/

export function isSharedPagePath(path: string): boolean {
  return SHARED_PAGE.test(path)
}
