import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { orderDocumentResponse, type OrderDocument } from '~/checkout/order-document.server'
import { TAX_INVOICE_REFUSAL_MESSAGES, taxInvoiceRefusal } from '~/checkout/tax-invoice-messages'

/**
 * The order's full tax invoice (issue 17 item 8): the PDF from the product API, for the member of the order or the
 * guest whose browser keeps its token; a refusal is a page that says why, in the shopper's language.
 */
const TAX_INVOICE: OrderDocument = {
  title: msg`Tax invoice`,
  apiPath: (number) => `/orders/${number}/tax-invoice`,
  filename: (headers, number) => `tax-invoice-${headers.get('x-tax-invoice-number') ?? number}.pdf`,
  tryAgain: msg`The tax invoice cannot be made right now. Please try again in a moment.`,
  conflict: (fields) => {
    const reason = taxInvoiceRefusal(fields?.taxInvoice)
    return reason ? TAX_INVOICE_REFUSAL_MESSAGES[reason] : null
  },
  logLabel: 'Tax invoice',
}

export const Route = createFileRoute('/order/$number_/tax-invoice')({
  server: {
    handlers: { GET: ({ request, params }) => orderDocumentResponse(TAX_INVOICE, request, params.number) },
  },
})
