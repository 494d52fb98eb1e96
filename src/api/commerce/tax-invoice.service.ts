import { asc, eq, sql } from 'drizzle-orm'
import { ApiError } from '~/api/errors'
import { orderDiscountLines } from './discounts'
import type { SellerDetails } from '~/config/schema'
import type { Db } from '~/db/client.server'
import {
  documentCounters,
  orderItems,
  orders,
  taxInvoices,
  type OrderAddress,
  type OrderRow,
  type TaxInvoiceContent,
  type TaxInvoiceRow,
} from '~/db/schema'
import {
  taxInvoiceEligibility,
  taxInvoiceNumber,
  vatBreakdown,
  type TaxInvoiceEligibility,
  type TaxInvoiceRefusal,
} from '~/domain/tax-invoice'

/** The counter row of the one series of tax invoice numbers. */
export const TAX_INVOICE_SERIES = 'tax_invoice'

/** The API's words (English) for each refusal; the storefront says them in the shopper's language. */
const REFUSAL_MESSAGES: Record<TaxInvoiceRefusal, string> = {
  notPaid: 'A tax invoice can be issued once the order is paid',
  closed: 'This order was cancelled or returned: no tax invoice can be issued',
  currency: 'Tax invoices are issued for orders paid in Thai baht',
  pickup: 'A tax invoice needs the buyer’s address: this order is picked up at a store',
  international: 'Orders sent abroad are exports without Thai VAT: no tax invoice is issued',
  noTaxId: 'No tax ID was given with this order’s address',
}

/** What the order page shows of an order's tax invoice. */
export type TaxInvoiceState =
  | { status: 'issued'; number: string; issuedAt: string }
  | { status: 'available' }
  | { status: 'unavailable'; reason: TaxInvoiceRefusal }

/** The order page's view of an order's tax invoice: issued (with its number), available to download, or why not. */
export function taxInvoiceState(
  order: Pick<OrderRow, 'status' | 'currency' | 'shippingMethod' | 'address'>,
  issued: Pick<TaxInvoiceRow, 'number' | 'issuedAt'> | null,
): TaxInvoiceState {
  if (issued) return { status: 'issued', number: issued.number, issuedAt: issued.issuedAt.toISOString() }
  const eligibility: TaxInvoiceEligibility = taxInvoiceEligibility(order)
  return eligibility.eligible ? { status: 'available' } : { status: 'unavailable', reason: eligibility.reason }
}

/** A Thai address in one line: place names in Thai take แขวง/เขต in Bangkok and ตำบล/อำเภอ elsewhere. */
export function addressLine(address: OrderAddress): string {
  const thai = /[\u0E00-\u0E7F]/.test(`${address.subDistrict}${address.district}`)
  const bangkok = /กรุงเทพ/.test(address.province)
  const prefixed = (value: string, inBangkok: string, elsewhere: string) =>
    value && thai && !value.startsWith(inBangkok) && !value.startsWith(elsewhere)
      ? `${bangkok ? inBangkok : elsewhere}${value}`
      : value
  return [
    address.address,
    address.address2,
    prefixed(address.subDistrict, 'แขวง', 'ตำบล'),
    prefixed(address.district, 'เขต', 'อำเภอ'),
    address.province,
    address.postcode,
  ]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ')
}

/**
 * Full tax invoices (issue 17 item 8, docs/decisions/022): issued once per order, for a paid order in baht sent
 * within Thailand with the buyer's tax ID, numbered in one gapless series shared by every instance.
 */
export class TaxInvoiceService {
  private readonly db: Db
  constructor(private readonly options: { db: Db; seller: SellerDetails }) {
    this.db = options.db
  }

  async forOrder(orderId: string): Promise<TaxInvoiceRow | null> {
    const [row] = await this.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId))
    return row ?? null
  }

  /**
   * The order's tax invoice: the one already issued, or a new one. A new invoice takes the next number in the
   * transaction that stores it, with the order row locked, so two requests for one order make one invoice, and
   * a failure anywhere gives the number back (no gaps). Refused with 409 and the reason when not eligible.
   */
  async issue(order: OrderRow): Promise<TaxInvoiceRow> {
    const existing = await this.forOrder(order.id)
    if (existing) return existing
    return this.db.transaction(async (tx) => {
      // Locks the order: a second request for it waits here, then finds the invoice made by the first.
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update')
      if (!locked) throw new ApiError(404, 'NOT_FOUND', 'No such order')
      const [already] = await tx.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id))
      if (already) return already
      const eligibility = taxInvoiceEligibility(locked)
      if (!eligibility.eligible) {
        throw new ApiError(409, 'TAX_INVOICE_UNAVAILABLE', REFUSAL_MESSAGES[eligibility.reason], {
          fields: { taxInvoice: eligibility.reason },
        })
      }
      const address = locked.address
      if (!address) throw new ApiError(409, 'TAX_INVOICE_UNAVAILABLE', REFUSAL_MESSAGES.pickup)
      const items = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, locked.id))
        .orderBy(asc(orderItems.position))
      const figures = vatBreakdown(locked)
      // The next number of the series: the counter row is created by the first invoice and locked by each one
      // until its transaction ends, so numbers are handed out one at a time, across instances, without gaps.
      const [counter] = await tx
        .insert(documentCounters)
        .values({ series: TAX_INVOICE_SERIES, lastValue: 1 })
        .onConflictDoUpdate({
          target: documentCounters.series,
          set: { lastValue: sql`${documentCounters.lastValue} + 1` },
        })
        .returning({ value: documentCounters.lastValue })
      if (!counter) throw new Error('The invoice counter did not answer')
      const seller = this.options.seller
      const content: TaxInvoiceContent = {
        orderNumber: locked.number,
        orderDate: locked.createdAt.toISOString(),
        currency: 'thb',
        seller: { name: seller.name, address: seller.address, taxId: seller.taxId, branch: seller.branch },
        buyer: {
          name: `${address.firstname} ${address.lastname}`.trim(),
          address: addressLine(address),
          taxId: address.taxId,
          branch: null,
        },
        lines: items.map((item) => ({
          sku: item.sku,
          nameTh: item.nameTh,
          nameEn: item.nameEn,
          size: item.size,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          amount: item.unitPrice * item.quantity,
        })),
        goods: figures.goods,
        discount: figures.discount,
        discounts: await orderDiscountLines(tx, locked.id),
        shippingFee: figures.shippingFee,
        total: figures.total,
        netOfVat: figures.netOfVat,
        vat: figures.vat,
        vatRatePercent: figures.ratePercent,
      }
      const [stored] = await tx
        .insert(taxInvoices)
        .values({
          orderId: locked.id,
          sequence: counter.value,
          number: taxInvoiceNumber(counter.value),
          content,
        })
        .returning()
      if (!stored) throw new Error('The tax invoice was not stored')
      return stored
    })
  }
}
