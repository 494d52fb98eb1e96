/**
 * What unpaid orders may hold (issue 29 item 3, decision 038). An order takes its pieces off sale the
 * moment it is placed; an unpaid one keeps them until it is paid or cancelled (a bank transfer for up to 24 hours).
 * One anonymous connection placed six unpaid bank-transfer orders in a row and held four of ten units of a size
 * for a day. These bound what unpaid orders hold, per connection (the client address) and per contact (the
 * order's e-mail or telephone), counting the orders still awaiting payment that were placed within the window.
 * Paid orders never count.
 */

/** Unpaid orders count towards the limits while they are younger than this (a bank transfer's deadline). */
export const UNPAID_HOLD_WINDOW_HOURS = 24

/** At most this many unpaid orders from one connection at a time: the next is refused until one is paid or cancelled. */
export const UNPAID_ORDERS_PER_CONNECTION = 3

/** At most this many unpaid orders for one e-mail or one telephone at a time. */
export const UNPAID_ORDERS_PER_CONTACT = 3

/**
 * At most this many units of one size held by the unpaid orders of one connection, or of one contact, this order
 * included. An order alone is never refused by it (a cart line holds up to 10, and a card order is unpaid for a
 * moment too): it stops adding a size to what unpaid orders already hold.
 */
export const UNPAID_UNITS_PER_SIZE = 4

/**
 * A connection that already holds this many unpaid orders must pass the bot check (the shop's proof of work) to
 * place another one.
 */
export const UNPAID_ORDERS_CHALLENGE_FROM = 1

/** From this many units of one size in an order, a bank transfer is held for the shorter time below. */
export const LARGE_QUANTITY_UNITS = 3

/** How long a bank transfer order of a large quantity of one size waits for its money (instead of 24 hours). */
export const LARGE_QUANTITY_PAY_WITHIN_MINUTES = 2 * 60

export type UnpaidHoldLimits = {
  windowMs: number
  perConnection: number
  perContact: number
  unitsPerSize: number
  challengeFrom: number
  largeQuantityUnits: number
  largeQuantityPayWithinMs: number
}

export const DEFAULT_UNPAID_HOLD_LIMITS: UnpaidHoldLimits = {
  windowMs: UNPAID_HOLD_WINDOW_HOURS * 60 * 60 * 1000,
  perConnection: UNPAID_ORDERS_PER_CONNECTION,
  perContact: UNPAID_ORDERS_PER_CONTACT,
  unitsPerSize: UNPAID_UNITS_PER_SIZE,
  challengeFrom: UNPAID_ORDERS_CHALLENGE_FROM,
  largeQuantityUnits: LARGE_QUANTITY_UNITS,
  largeQuantityPayWithinMs: LARGE_QUANTITY_PAY_WITHIN_MINUTES * 60 * 1000,
}

/** What the unpaid orders of a connection or of a contact hold now: how many orders, and units per size. */
export type UnpaidHeld = { orders: number; units: ReadonlyMap<string, number> }

/** Why an order is refused: too many unpaid orders from the connection or for the contact, or too many units of a size. */
export type UnpaidRefusal = 'connection' | 'contact' | 'units'

/** The limit an order of these lines would pass, or null when it may be placed. */
export function unpaidHoldRefusal(
  held: { connection: UnpaidHeld; contact: UnpaidHeld },
  lines: ReadonlyArray<{ sku: string; quantity: number }>,
  limits: UnpaidHoldLimits,
): UnpaidRefusal | null {
  if (held.connection.orders >= limits.perConnection) return 'connection'
  if (held.contact.orders >= limits.perContact) return 'contact'
  for (const line of lines) {
    const most = Math.max(held.connection.units.get(line.sku) ?? 0, held.contact.units.get(line.sku) ?? 0)
    if (most > 0 && most + line.quantity > limits.unitsPerSize) return 'units'
  }
  return null
}

/** Whether an order holds a large quantity of one size (its bank transfer then gets the shorter deadline). */
export function holdsLargeQuantity(lines: ReadonlyArray<{ quantity: number }>, limits: UnpaidHoldLimits): boolean {
  return lines.some((line) => line.quantity >= limits.largeQuantityUnits)
}
