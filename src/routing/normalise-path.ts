/**
 * A page path without the encoded characters the URL parser drops on the way to the router (tab, CR and LF
 * anywhere; control characters and spaces at the end), or null when it has none: `/category/tops%20` showed
 * the tops page under a second address. The page redirects to the path the router would have shown.
 */
export function normalisedPagePath(pathname: string): string | null {
  const cleaned = pathname.replace(/%0[9ad]/gi, '').replace(/(?:%[01][0-9a-f]|%20)+$/i, '')
  if (cleaned === pathname) return null
  return cleaned === '' ? '/' : cleaned
}
