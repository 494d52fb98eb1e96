/**
 * The canonical link (§2): the site URL plus the path, keeping only whitelisted query parameters.
 * The whitelist is the route's search schema: what survived validation is what we keep, in key order.
 */
export function canonicalQuery(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const key of Object.keys(search).sort()) {
    const value = search[key]
    const values = Array.isArray(value) ? value : [value]
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        params.append(key, String(item))
      }
    }
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

export function canonicalUrl(siteUrl: string, publicPath: string, search: Record<string, unknown>): string {
  const base = siteUrl.replace(/\/+$/, '')
  const path = publicPath.startsWith('/') ? publicPath : `/${publicPath}`
  return `${base}${path}${canonicalQuery(search)}`
}
