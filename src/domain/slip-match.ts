/**
 * Whether a transfer slip pays an order (issue 31 item 6): the amount is the order's amount due, the money went to
 * the shop's account or PromptPay id, it was sent after the order was placed, and its reference never paid before
 * (that last one the database decides, under its unique key). Pure: the reading comes from the verification provider.
 */

/** Why a slip waits for staff instead of paying its order. */
export const SLIP_REVIEW_REASONS = [
  // no QR could be read in the picture, or it is not a bank slip's
  'no_qr',
  // the provider does not know the slip (not found, not a transfer, a fake)
  'provider_refused',
  // the provider could not be asked (down, slow, refused our key)
  'provider_unreachable',
  'amount_differs',
  'receiver_differs',
  'before_order',
  'reference_used',
  // the order was paid or cancelled meanwhile
  'not_awaiting_payment',
] as const
export type SlipReviewReason = (typeof SLIP_REVIEW_REASONS)[number]

/** What the provider read from a slip, amounts in satang. */
export type SlipReading = {
  transRef: string
  amount: number
  /** When the bank made the transfer (ISO 8601). */
  transferredAt: string
  sendingBank: string | null
  receivingBank: string | null
  /** The receiving account as the provider shows it: often masked (xxx-x-x5678-x). */
  receiverAccount: string | null
  /** The receiving PromptPay id as the provider shows it (masked too). */
  receiverProxy: string | null
  senderName: string | null
  receiverName: string | null
}

/** The shop's side of a transfer: where it is paid. */
export type ShopAccount = { accountNumber: string; promptPayId: string }

/** Digits and mask characters only (x, X, *), the separators dropped. */
function maskText(value: string): string {
  return value
    .replace(/[^0-9xX*]/g, '')
    .toLowerCase()
    .replace(/\*/g, 'x')
}

/**
 * Whether an account shown masked (xxx-x-x5678-x) is this one: as long, and every digit shown is the account's. At
 * least four digits must be shown: a fully masked account proves nothing.
 */
export function maskedMatches(shown: string, actual: string): boolean {
  const masked = maskText(shown)
  const digits = actual.replace(/\D/g, '')
  if (masked.length !== digits.length) return false
  let visible = 0
  for (let i = 0; i < masked.length; i++) {
    if (masked[i] === 'x') continue
    if (masked[i] !== digits[i]) return false
    visible++
  }
  return visible >= 4
}

/** The ways a PromptPay id may be written: a mobile as 0812345678, 66812345678 or 0066812345678; an id as is. */
export function promptPayForms(id: string): string[] {
  const digits = id.replace(/\D/g, '')
  if (/^0\d{9}$/.test(digits)) return [digits, `66${digits.slice(1)}`, `0066${digits.slice(1)}`]
  if (/^66\d{9}$/.test(digits)) return [`0${digits.slice(2)}`, digits, `00${digits}`]
  return [digits]
}

/** Whether the slip's money went to the shop: its account, or its PromptPay id in any of its forms. */
export function paidToShop(
  reading: Pick<SlipReading, 'receiverAccount' | 'receiverProxy'>,
  shop: ShopAccount,
): boolean {
  if (reading.receiverAccount && maskedMatches(reading.receiverAccount, shop.accountNumber)) return true
  const proxy = reading.receiverProxy
  return proxy !== null && promptPayForms(shop.promptPayId).some((form) => maskedMatches(proxy, form))
}

/**
 * The first reason this slip does not pay the order, or null when it does (the reference's first use is checked when
 * the payment is written). The transfer may be made in the order's own second: slips show seconds, orders keep more.
 */
export function slipMismatch(
  reading: SlipReading,
  order: { amountDue: number; placedAt: Date },
  shop: ShopAccount,
): SlipReviewReason | null {
  if (reading.amount !== order.amountDue) return 'amount_differs'
  if (!paidToShop(reading, shop)) return 'receiver_differs'
  const sent = Date.parse(reading.transferredAt)
  const placedSecond = Math.floor(order.placedAt.getTime() / 1000) * 1000
  if (!Number.isFinite(sent) || sent < placedSecond) return 'before_order'
  return null
}

/** Baht as the providers write it (1250.5) in satang, without floating-point drift. */
export function bahtToSatang(baht: number): number {
  return Math.round(baht * 100)
}
