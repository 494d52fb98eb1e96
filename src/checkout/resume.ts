import type { RoutePath } from '~/routing/links'

/**
 * §4's guard lets /checkout be entered only from /cart. A reload of /checkout is not an entry, but the server cannot
 * tell a reload from a typed address: the browser's Referer is the page that first loaded the tab. So checkout marks
 * the tab's journey with this cookie while the shopper is in it, and the server treats a request for /checkout that
 * carries it as coming from /checkout. Leaving for any page other than the cart or checkout, or placing the order,
 * takes it away; it lasts an hour at most. It holds no data (the draft stays in the tab's sessionStorage).
 */
export const CHECKOUT_RESUME_COOKIE = 'checkout_resume'
const RESUME_MAX_AGE_SECONDS = 60 * 60

/** The pages between which the checkout journey continues. */
export const CHECKOUT_JOURNEY_PATHS: ReadonlySet<string> = new Set<RoutePath>(['/cart', '/checkout'])

export function markCheckoutJourney(secure: boolean): void {
  document.cookie = `${CHECKOUT_RESUME_COOKIE}=1; Path=/; Max-Age=${RESUME_MAX_AGE_SECONDS}; SameSite=Strict${secure ? '; Secure' : ''}`
}

export function endCheckoutJourney(secure: boolean): void {
  if (!document.cookie.split('; ').some((entry) => entry.startsWith(`${CHECKOUT_RESUME_COOKIE}=`))) return
  document.cookie = `${CHECKOUT_RESUME_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure ? '; Secure' : ''}`
}
