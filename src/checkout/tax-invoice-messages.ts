import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TaxInvoiceRefusal } from '~/domain/tax-invoice'

/** Why an order has no full tax invoice, in the shopper's words (the order page and the download link say it). */
export const TAX_INVOICE_REFUSAL_MESSAGES: Record<TaxInvoiceRefusal, MessageDescriptor> = {
  notPaid: msg`Your full tax invoice can be downloaded here once we have received the payment.`,
  closed: msg`No tax invoice is issued for a cancelled or returned order.`,
  currency: msg`Full tax invoices are issued for orders paid in Thai baht.`,
  pickup: msg`A full tax invoice needs the buyer’s address, so it is not issued for orders picked up at a store.`,
  international: msg`Orders sent abroad are exports without Thai VAT, so no Thai tax invoice is issued.`,
  noTaxId: msg`No tax ID was given with the delivery address of this order, so no full tax invoice can be issued.`,
}

/** A refusal reason from the API, if it is one the shop knows. */
export function taxInvoiceRefusal(value: unknown): TaxInvoiceRefusal | null {
  return typeof value === 'string' && Object.hasOwn(TAX_INVOICE_REFUSAL_MESSAGES, value)
    ? (value as TaxInvoiceRefusal)
    : null
}
