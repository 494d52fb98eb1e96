import type { StaffPermission } from './staff-permissions'

/**
 * LINE alerts for staff (issue 31 item 10): what a member of staff can be told on LINE, each only with the permission
 * of the work it asks for (a warehouse member gets no slip alerts: payments:confirm). Pure: the back office's screen
 * and the API read the same list.
 */
export const STAFF_ALERT_KINDS = ['slip_review', 'ship_late', 'return_requested', 'low_stock'] as const
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number]

/** The permission an alert's work needs: without it the alert cannot be chosen, nor is it sent. */
export const STAFF_ALERT_PERMISSIONS: Readonly<Record<StaffAlertKind, StaffPermission>> = {
  slip_review: 'payments:confirm',
  ship_late: 'fulfilment:write',
  return_requested: 'returns:decide',
  low_stock: 'stock:write',
}

/** A paid order not shipped this many hours after its payment is late: one alert per order. */
export const SHIP_LATE_HOURS = 24
/**
 * A size whose online stock falls below its threshold is low: one alert each time it falls below. Each size has its own
 * (variants.low_stock_threshold, set in the back office's stock screen); this is the one a size starts with.
 */
export const LOW_STOCK_THRESHOLD = 3
/** How long a LINE link code can be sent to the shop's LINE Official Account. */
export const LINE_LINK_CODE_MINUTES = 15
/** The code's letters: no 0/O, 1/I/L, so that it can be read off a screen and typed on a phone. */
export const LINE_LINK_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const LINE_LINK_CODE_LENGTH = 8
/** What the staff member sends: `LINK-` and the code (the prefix may be left out, any case, spaces ignored). */
export const LINE_LINK_CODE_PREFIX = 'LINK-'

export function isStaffAlertKind(value: string): value is StaffAlertKind {
  return (STAFF_ALERT_KINDS as readonly string[]).includes(value)
}

/** The alerts a set of permissions allows, in the list's order. */
export function allowedAlertKinds(permissions: Iterable<StaffPermission>): StaffAlertKind[] {
  const held = new Set(permissions)
  return STAFF_ALERT_KINDS.filter((kind) => held.has(STAFF_ALERT_PERMISSIONS[kind]))
}

/** A link code as sent in a LINE message, or null when the text is not one: `LINK-7KQ2M9XP`, `link 7kq2 m9xp`. */
export function parseLinkCode(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]+/g, '')
  const code = compact.startsWith('LINK') ? compact.slice(4) : compact
  if (code.length !== LINE_LINK_CODE_LENGTH) return null
  for (const char of code) if (!LINE_LINK_CODE_ALPHABET.includes(char)) return null
  return code
}
