/**
 * An order's QR code on its packing slip and label (issue 31 item 8) holds the order's back-office address
 * (https://{shop}/admin/orders/{number}). Scanned on /scan, it opens that page (the back office asks staff to sign in
 * first); an address of another site, or of another page, is not one.
 */
const ORDER_PATH = /^\/(?:en\/)?admin\/orders\/([A-Z0-9-]{4,40})\/?$/

/** The back office's path of the order the scanned text names, or null. */
export function backOfficeOrderPath(raw: string, shopHosts: readonly string[]): string | null {
  const text = raw.trim()
  if (!/^https?:\/\//i.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (!shopHosts.some((host) => host.toLowerCase() === url.host.toLowerCase())) return null
  return ORDER_PATH.test(url.pathname) ? url.pathname : null
}
