/**
 * The shopper's privacy rights under Thailand's PDPA (issue 33 item 2, decision 201): asking for a copy of one's data
 * (access) and for the account to be erased (erasure), the consent records of the cookie banner, and the purge of
 * guests' abandoned checkouts. Pure: the shop, the back office and the API share these rules.
 */

/** What a request asks for. */
export const PRIVACY_REQUEST_KINDS = ['access', 'erasure'] as const
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number]

/** How it reached the shop: the account page, or an e-mail staff recorded. */
export const PRIVACY_REQUEST_SOURCES = ['web', 'email'] as const
export type PrivacyRequestSource = (typeof PRIVACY_REQUEST_SOURCES)[number]

/**
 * received: waiting for staff (a request by e-mail); pending: the export is being prepared by the background job;
 * done: the link was sent or the account erased; failed: the job gave up (staff start it again).
 */
export const PRIVACY_REQUEST_STATUSES = ['received', 'pending', 'done', 'failed'] as const
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number]

/** PDPA §30: a request is answered within 30 days of its receipt. */
export const PRIVACY_REQUEST_DUE_DAYS = 30
/** How long the e-mailed link to a data export works, and how many times it opens (the page and the download). */
export const EXPORT_LINK_TTL_DAYS = 7
export const EXPORT_LINK_MAX_USES = 10
/** Guests' orders never paid and cancelled keep their name, address, phone and e-mail this long, then lose them. */
export const GUEST_CHECKOUT_PURGE_DAYS = 90

/** What replaces a name, an address, a phone or an e-mail that was erased (the orders and tax invoices stay). */
export const ERASED = '[erased]'

/** The version of the cookie banner's text a consent was given to (raise it when the banner's wording changes). */
export const CONSENT_BANNER_VERSION = 1

const DAY_MS = 24 * 60 * 60 * 1000

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS)
}

/** When a request received at `receivedAt` must be answered. */
export function privacyDueAt(receivedAt: Date): Date {
  return addDays(receivedAt, PRIVACY_REQUEST_DUE_DAYS)
}

/** Whole days left before `dueAt` (negative once overdue; 0 on the last day). */
export function daysLeft(dueAt: Date, now: Date): number {
  return Math.floor((dueAt.getTime() - now.getTime()) / DAY_MS)
}

/** Open requests first, the most urgent (overdue) first; answered ones after, newest first. */
export function compareRequests(
  a: { status: PrivacyRequestStatus; dueAt: Date; receivedAt: Date },
  b: { status: PrivacyRequestStatus; dueAt: Date; receivedAt: Date },
): number {
  const openA = a.status !== 'done'
  const openB = b.status !== 'done'
  if (openA !== openB) return openA ? -1 : 1
  if (openA) return a.dueAt.getTime() - b.dueAt.getTime()
  return b.receivedAt.getTime() - a.receivedAt.getTime()
}

/** An anonymous consent id as the consent cookie keeps it (a random UUID made in the browser). */
export const CONSENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
