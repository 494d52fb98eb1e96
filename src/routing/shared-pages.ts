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

/**
 * Pages alike for everyone who is not logged in: the login and registration forms (the login page sends a member
 * on). For a request without a session cookie they are rendered from nobody's data and kept like the catalog
 * (issue 29 item 25: the login page was the most asked-for page rendered for every request); with one, they are
 * rendered for that member.
 */
const GUEST_PAGE = /^\/account\/(?:login|register)\/?$/

export function isGuestPagePath(path: string): boolean {
  return GUEST_PAGE.test(path)
}

/** Whether the page at `path` (without the language prefix) is rendered from nobody's data for this request. */
export function isNobodysDataPage(path: string, hasSessionCookie: boolean): boolean {
  return isSharedPagePath(path) || (!hasSessionCookie && isGuestPagePath(path))
}
