/**
 * Stock in the back office (issue 32 item 3, decision 191): where pieces are (the online warehouse and each store),
 * why staff change a count, and how a transfer between two locations goes. Pure, so the back office's pages and the
 * admin API share the lists.
 */
import { LOW_STOCK_THRESHOLD } from './staff-alerts'

export { ONLINE_LOCATION } from './return-handling'

/** Why a member of staff changes the count of a size at a location. */
export const STOCK_ADJUST_REASONS = ['received', 'damaged', 'lost', 'found', 'count', 'other'] as const
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number]

/** Every line of the ledger: an adjustment's reason, or a transfer's step (sent, received, cancelled: put back). */
export const STOCK_MOVEMENT_REASONS = [
  ...STOCK_ADJUST_REASONS,
  'transfer_sent',
  'transfer_received',
  'transfer_cancelled',
] as const
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number]

export const STOCK_TRANSFER_STATUSES = ['sent', 'received', 'cancelled'] as const
export type StockTransferStatus = (typeof STOCK_TRANSFER_STATUSES)[number]

/** The staff low-stock alert's threshold when a size has none of its own: a size under it is running low. */
export const DEFAULT_LOW_STOCK_THRESHOLD = LOW_STOCK_THRESHOLD

/** The most pieces one adjustment, count or transfer line may name. */
export const STOCK_QUANTITY_MAX = 100_000

/** A note's length on an adjustment or a transfer. */
export const STOCK_NOTE_MAX = 500

/** Whether a size's count is running low: under its threshold (0 turns the alert off). */
export function isLowStock(quantity: number, threshold: number): boolean {
  return quantity < threshold
}
