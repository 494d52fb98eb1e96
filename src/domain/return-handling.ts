/**
 * A return to its end (issue 31 item 9), pure: the condition of each piece that came back, where resellable pieces
 * go, what a refund of some pieces is worth (their share of the order's discounts taken off), and the figures of the
 * credit note (ใบลดหนี้, Revenue Code §86/10) that reduces the order's tax invoice by that refund.
 */
import { vatIncludedIn, VAT_RATE_PERCENT } from './vat'

/** How a piece came back: resellable as new, damaged (kept out of stock), or not in the parcel at all. */
export const RETURN_PIECE_CONDITIONS = ['as_new', 'damaged', 'not_returned'] as const
export type ReturnPieceCondition = (typeof RETURN_PIECE_CONDITIONS)[number]

/** Where resellable pieces go back on sale: the online warehouse (variants.stock_online), or a store's stock. */
export const ONLINE_LOCATION = 'online'

/** The end of an accepted request once its pieces are in: another size sent, or the money back. */
export const RETURN_OUTCOMES = ['exchange', 'refund'] as const
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number]

/** One line of a request as it was received: how many of it in each condition. */
export type ReceivedPiece = { position: number; asNew: number; damaged: number; notReturned: number }

/** Pieces that came back at all (as new or damaged): what a refund or an exchange is about. */
export function piecesBack(piece: Pick<ReceivedPiece, 'asNew' | 'damaged'>): number {
  return piece.asNew + piece.damaged
}

/** A line refunded: an order line's piece at the price paid for it. */
export type RefundLineInput = {
  position: number
  sku: string
  nameTh: string
  nameEn: string
  size: string
  quantity: number
  unitPrice: number
}

export type RefundLine = RefundLineInput & { amount: number }

/** What a refund of some pieces is worth, in minor units, VAT included (as the shopper paid). */
export type RefundFigures = {
  lines: RefundLine[]
  /** The pieces at the prices on the order, before discounts. */
  goods: number
  /** Their share of the order's discounts, in proportion to their part of the goods. */
  discount: number
  /** What is refunded: goods − discount (delivery is not refunded: the parcel went out). */
  total: number
  netOfVat: number
  vat: number
  ratePercent: number
}

/**
 * The refund of these pieces of an order. The order's discounts (mix-and-match, a code, a tier) were taken off the
 * whole basket, so each piece carries its share: round(discount × pieces' goods ÷ order's goods). The delivery fee is
 * not refunded. The VAT is the part of the refund that is VAT (7/107), as the tax invoice computes it.
 */
export function refundFigures(order: { subtotal: number; discount: number }, pieces: RefundLineInput[]): RefundFigures {
  if (!Number.isSafeInteger(order.subtotal) || order.subtotal < 0 || order.discount < 0) {
    throw new RangeError('order figures must be non-negative whole minor units')
  }
  const lines = pieces
    .filter((piece) => piece.quantity > 0)
    .map((piece) => ({ ...piece, amount: piece.unitPrice * piece.quantity }))
  const goods = lines.reduce((sum, line) => sum + line.amount, 0)
  if (goods > order.subtotal) throw new RangeError('more is refunded than the goods of the order')
  const discount = order.subtotal === 0 ? 0 : Math.round((order.discount * goods) / order.subtotal)
  const total = Math.max(0, goods - discount)
  const vat = vatIncludedIn(total)
  return { lines, goods, discount, total, netOfVat: total - vat, vat, ratePercent: VAT_RATE_PERCENT }
}

/** The one series of credit note numbers: CN followed by at least seven digits (CN0000001, CN0000002 …). */
export function creditNoteNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('a credit note sequence starts at 1')
  return `CN${String(sequence).padStart(7, '0')}`
}

/**
 * §86/10's figures of a credit note, before VAT as the Revenue Department's form puts them: the value of the goods
 * on the original invoice (less earlier credit notes of the same invoice), the right value now, the difference,
 * the VAT of the difference and the difference with its VAT (the refund).
 */
export type CreditNoteFigures = {
  originalValue: number
  correctValue: number
  difference: number
  vat: number
  total: number
  vatRatePercent: number
}

export function creditNoteFigures(
  invoice: { netOfVat: number },
  earlierDifferences: number,
  refund: Pick<RefundFigures, 'netOfVat' | 'vat' | 'total'>,
): CreditNoteFigures {
  const originalValue = invoice.netOfVat - earlierDifferences
  if (refund.netOfVat > originalValue) throw new RangeError('the credit is more than is left of the invoice')
  return {
    originalValue,
    correctValue: originalValue - refund.netOfVat,
    difference: refund.netOfVat,
    vat: refund.vat,
    total: refund.total,
    vatRatePercent: VAT_RATE_PERCENT,
  }
}
