import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { orderDocumentResponse, type OrderDocument } from '~/checkout/order-document.server'

const CREDIT_NOTE_NUMBER = /^CN\d{7,}$/

/**
 * A credit note of the order (issue 31 item 9): the PDF from the product API, for the member of the order or the
 * guest whose browser keeps its token, as the tax invoice is; a refusal is a page that says why.
 */
function creditNote(credit: string): OrderDocument {
  return {
    title: msg`Credit note`,
    apiPath: (number) => (CREDIT_NOTE_NUMBER.test(credit) ? `/orders/${number}/credit-notes/${credit}` : null),
    filename: () => `credit-note-${credit}.pdf`,
    notFound: msg`This credit note was not found on this order.`,
    tryAgain: msg`The credit note cannot be opened right now. Please try again in a moment.`,
    logLabel: 'Credit note',
  }
}

export const Route = createFileRoute('/order/$number_/credit-note/$credit')({
  server: {
    handlers: {
      GET: ({ request, params }) => orderDocumentResponse(creditNote(params.credit), request, params.number),
    },
  },
})
