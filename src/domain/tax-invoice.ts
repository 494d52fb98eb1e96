/**
 * Full Thai tax invoices (ใบกำกับภาษีเต็มรูป, Revenue Code §86/4): who may have one, the VAT breakdown of an order,
 * the seller's and buyer's branch, and the invoice numbers. Pure: the service issues, the PDF module lays out.
 */
import { thaiTaxDigits, validThaiTaxId } from './address'
import { VAT_RATE_PERCENT, vatIncludedIn } from './vat'

export { validThaiTaxId }

/** Order states in which the shop has the money and the goods are sold: a tax invoice may be issued. */
export const TAX_INVOICE_ORDER_STATUSES = ['paid', 'packed', 'in_transit', 'received'] as const

/** The branch number of a head office (สำนักงานใหญ่); any other branch has its own five digits. */
export const HEAD_OFFICE_BRANCH = '00000'

/** Why an order has no tax invoice (the order page explains each in the shopper's language). */
export const TAX_INVOICE_REFUSALS = [
  // not paid yet: the invoice can be downloaded once the payment is in
  'notPaid',
  // cancelled or returned before an invoice was issued
  'closed',
  // paid in US dollars: a Thai tax invoice is in baht (§86/4)
  'currency',
  // picked up at a store: the order has no buyer's address for the invoice
  'pickup',
  // sent abroad: an export, zero-rated, not a 7 % tax invoice
  'international',
  // no Thai tax ID given with the address
  'noTaxId',
] as const
export type TaxInvoiceRefusal = (typeof TAX_INVOICE_REFUSALS)[number]

export type TaxInvoiceEligibility = { eligible: true } | { eligible: false; reason: TaxInvoiceRefusal }

/** What eligibility reads of an order. */
export type TaxInvoiceOrder = {
  status: string
  currency: 'thb' | 'usd'
  shippingMethod: 'courier' | 'pickup'
  address: { country: string; taxId: string } | null
}

/**
 * Whether a full tax invoice may be issued for an order now: paid (and not cancelled or returned), in baht,
 * delivered to an address in Thailand, with the buyer's 13-digit tax ID (check digit correct).
 */
export function taxInvoiceEligibility(order: TaxInvoiceOrder): TaxInvoiceEligibility {
  if (order.status === 'awaiting_payment') return { eligible: false, reason: 'notPaid' }
  if (!(TAX_INVOICE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    return { eligible: false, reason: 'closed' }
  }
  if (order.currency !== 'thb') return { eligible: false, reason: 'currency' }
  if (order.shippingMethod === 'pickup' || !order.address) return { eligible: false, reason: 'pickup' }
  if (order.address.country !== 'TH') return { eligible: false, reason: 'international' }
  if (!validThaiTaxId(order.address.taxId)) return { eligible: false, reason: 'noTaxId' }
  return { eligible: true }
}

/** A branch number as the Revenue Department writes it: five digits, 00000 for the head office. */
export function isBranchNumber(value: string): boolean {
  return /^\d{5}$/.test(value)
}

/** How a branch is printed on a tax invoice, in Thai and in English. */
export function branchLabel(branch: string): { th: string; en: string } {
  if (branch === HEAD_OFFICE_BRANCH) return { th: 'สำนักงานใหญ่', en: 'Head office' }
  return { th: `สาขาที่ ${branch}`, en: `Branch ${branch}` }
}

/** A 13-digit tax ID in its printed groups: 0-1055-64000-00-4. */
export function formatTaxId(value: string): string {
  const digits = thaiTaxDigits(value)
  if (!/^\d{13}$/.test(digits)) return value
  return `${digits[0]}-${digits.slice(1, 5)}-${digits.slice(5, 10)}-${digits.slice(10, 12)}-${digits[12]}`
}

/** The one series of tax invoice numbers: TI followed by at least seven digits (TI0000001, TI0000002 …). */
export function taxInvoiceNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('an invoice sequence starts at 1')
  return `TI${String(sequence).padStart(7, '0')}`
}

/** The figures of an order as a tax invoice shows them (minor units, VAT included in the prices). */
export type VatBreakdown = {
  /** The goods at their VAT-inclusive prices, before discounts. */
  goods: number
  /** Mix-and-match and discount codes together. */
  discount: number
  shippingFee: number
  /** What the buyer paid: goods − discount + shipping, VAT included. */
  total: number
  /** The value of the goods and delivery without VAT (มูลค่าสินค้าก่อนภาษี). */
  netOfVat: number
  /** The VAT in the total (ภาษีมูลค่าเพิ่ม), shown apart from the price of the goods. */
  vat: number
  ratePercent: number
}

/**
 * The VAT breakdown of an order from its stored figures. The VAT is the order's own `vatIncluded` (the amount
 * the shop declared when the order was placed); the value before VAT is what remains of the total, so that the
 * two always add up to the total. Figures that do not add up are refused rather than printed.
 */
export function vatBreakdown(order: {
  subtotal: number
  discount: number
  shippingFee: number
  total: number
  vatIncluded: number
}): VatBreakdown {
  const amounts = [order.subtotal, order.discount, order.shippingFee, order.total, order.vatIncluded]
  if (amounts.some((amount) => !Number.isSafeInteger(amount) || amount < 0)) {
    throw new RangeError('order figures must be non-negative whole minor units')
  }
  if (Math.max(0, order.subtotal - order.discount + order.shippingFee) !== order.total) {
    throw new RangeError('subtotal − discount + shipping is not the total')
  }
  if (order.vatIncluded !== vatIncludedIn(order.total)) {
    throw new RangeError(`the VAT is not ${VAT_RATE_PERCENT}/${100 + VAT_RATE_PERCENT} of the total`)
  }
  return {
    goods: order.subtotal,
    discount: order.discount,
    shippingFee: order.shippingFee,
    total: order.total,
    netOfVat: order.total - order.vatIncluded,
    vat: order.vatIncluded,
    ratePercent: VAT_RATE_PERCENT,
  }
}

/** Baht from satang, with two decimals and thousands separators, as invoices print amounts: 1,234.50. */
export function formatBaht(satang: number): string {
  const sign = satang < 0 ? '-' : ''
  const absolute = Math.abs(satang)
  const baht = Math.floor(absolute / 100)
  const rest = String(absolute % 100).padStart(2, '0')
  return `${sign}${baht.toLocaleString('en-US')}.${rest}`
}
