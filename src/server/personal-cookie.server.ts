import { getCookie, getRequest } from '@tanstack/react-start/server'
import { markPersonal } from './request-state.server'

/**
 * A cookie that belongs to one shopper (their session, cart, orders, consent for the pixels): reading it marks
 * the request as personal, so that the page it renders is never kept in the shared page cache (issue 18).
 */
export function getPersonalCookie(name: string): string | undefined {
  try {
    markPersonal(getRequest())
  } catch {
    // Not within a request (a job, a test): nothing to mark.
  }
  return getCookie(name)
}
