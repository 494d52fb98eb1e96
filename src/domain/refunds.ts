import { allocateProportionally } from './amounts'

/**
 * What a refund may give back (issue 31 item 7, decision 185): by pieces, what was paid for them, the order's
 * discounts shared over its lines as its totals were; by amount, anything up to what was paid and not yet refunded.
 * Pure arithmetic on minor units, no I/O.
 */

/** A line of the order as a refund reads it. */
export type RefundLine = { position: number; quantity: number; lineTotal: number }

/** Pieces asked for: the order's line and how many of it. */
export type PiecesAsked = { position: number; quantity: number }

/** Pieces given money back for, with what they were paid. */
export type PiecesRefunded = { position: number; quantity: number; amount: number }

export type PiecesRefusal =
  | { code: 'NO_SUCH_LINE'; position: number }
  | { code: 'TOO_MANY_PIECES'; position: number; left: number }
  | { code: 'NO_PIECES' }

/**
 * What each piece of each line was paid: the order's discount shared over the lines by their totals (largest
 * remainder, as every split of the shop), then each line's part over its pieces. The parts sum to the lines'
 * totals less the discount exactly, so refunding every piece gives back the goods' whole price, never a satang more.
 */
export function piecePrices(lines: readonly RefundLine[], discount: number): Map<number, number[]> {
  const totals = lines.map((line) => line.lineTotal)
  const shares = allocateProportionally(Math.min(discount, sum(totals)), totals)
  const prices = new Map<number, number[]>()
  lines.forEach((line, index) => {
    const paid = line.lineTotal - (shares[index] ?? 0)
    prices.set(line.position, line.quantity > 0 ? allocateProportionally(paid, Array(line.quantity).fill(1)) : [])
  })
  return prices
}

/**
 * The amount of the pieces asked, given those of each line refunded before (counted in order: a line's pieces are
 * refunded first to last, so that successive refunds of one line add up to what it was paid).
 */
export function piecesRefund(
  lines: readonly RefundLine[],
  discount: number,
  refundedBefore: ReadonlyMap<number, number>,
  asked: readonly PiecesAsked[],
): { ok: true; pieces: PiecesRefunded[]; amount: number } | { ok: false; refusal: PiecesRefusal } {
  const prices = piecePrices(lines, discount)
  const wanted = new Map<number, number>()
  for (const piece of asked) wanted.set(piece.position, (wanted.get(piece.position) ?? 0) + piece.quantity)
  const pieces: PiecesRefunded[] = []
  for (const [position, quantity] of wanted) {
    if (quantity <= 0) continue
    const line = lines.find((candidate) => candidate.position === position)
    const unit = prices.get(position)
    if (!line || !unit) return { ok: false, refusal: { code: 'NO_SUCH_LINE', position } }
    const before = refundedBefore.get(position) ?? 0
    const left = Math.max(0, line.quantity - before)
    if (quantity > left) return { ok: false, refusal: { code: 'TOO_MANY_PIECES', position, left } }
    pieces.push({ position, quantity, amount: sum(unit.slice(before, before + quantity)) })
  }
  if (pieces.length === 0) return { ok: false, refusal: { code: 'NO_PIECES' } }
  pieces.sort((a, b) => a.position - b.position)
  return { ok: true, pieces, amount: sum(pieces.map((piece) => piece.amount)) }
}

/** The pieces of each line that refunds (not failed ones) gave money back for. */
export function piecesRefundedBefore(refunds: ReadonlyArray<{ pieces: readonly PiecesAsked[] }>): Map<number, number> {
  const count = new Map<number, number>()
  for (const refund of refunds) {
    for (const piece of refund.pieces) count.set(piece.position, (count.get(piece.position) ?? 0) + piece.quantity)
  }
  return count
}

/** What may still be refunded: what was paid less what refunds took (pending ones included), never below 0. */
export function refundableAmount(paid: number, refunded: number): number {
  return Math.max(0, paid - refunded)
}

export const REFUND_STATES = ['none', 'partially_refunded', 'refunded'] as const
export type RefundState = (typeof REFUND_STATES)[number]

/** How the order's payment stands after its succeeded refunds. */
export function refundState(paid: number, refunded: number): RefundState {
  if (refunded <= 0) return 'none'
  return refunded >= paid ? 'refunded' : 'partially_refunded'
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
