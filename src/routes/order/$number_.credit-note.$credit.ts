import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { env } from '../../../app.config'
import { orderHeaders } from '~/checkout/order-access.server'
import { createI18n } from '~/i18n/catalogs'
import type { LocaleCode } from '~/i18n/locales'
import { routePath } from '~/routing/links'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { getRequestState } from '~/server/request-state.server'

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/

const NO_ORDER = msg`This order was not found. Please open it from the link in your order e-mail or your order history.`
const NO_CREDIT_NOTE = msg`This credit note was not found on this order.`
const TRY_AGAIN = msg`The credit note cannot be opened right now. Please try again in a moment.`
const BACK = msg`Back to the order`
const TITLE = msg`Credit note`
const CREDIT_NOTE_NUMBER = /^CN\d{7,}$/

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A refusal as a small page in the shopper's language, with the way back to the order. */
async function refusal(status: number, message: MessageDescriptor, locale: LocaleCode, number: string) {
  const i18n = await createI18n(locale)
  const orderPath = routePath(
    { to: '/order/$number', params: { number } },
    { lang: locale, strategy: env.LANGUAGE_STRATEGY, defaultLocale: env.DEFAULT_LOCALE },
  )
  const body = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(i18n._(TITLE))}</title></head>
<body><main><h1>${escapeHtml(i18n._(TITLE))}</h1><p role="alert">${escapeHtml(i18n._(message))}</p>
<p><a href="${escapeHtml(orderPath)}">${escapeHtml(i18n._(BACK))}</a></p></main></body></html>`
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
  })
}

/**
 * A credit note of the order (issue 31 item 9): the PDF from the product API, for the member of the order or the
 * guest whose browser keeps its token, as the tax invoice is; a refusal is a page that says why.
 */
async function handle({
  request,
  params,
}: {
  request: Request
  params: { number: string; credit: string }
}): Promise<Response> {
  const locale = getRequestState(request)?.locale ?? env.DEFAULT_LOCALE
  const { number, credit } = params
  if (!ORDER_NUMBER.test(number)) return refusal(404, NO_ORDER, locale, number)
  if (!CREDIT_NOTE_NUMBER.test(credit)) return refusal(404, NO_CREDIT_NOTE, locale, number)
  try {
    const { bytes } = await productApi().download(`/orders/${number}/credit-notes/${credit}`, orderHeaders(number))
    return new Response(bytes, {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="credit-note-${credit}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    })
  } catch (error) {
    if (!(error instanceof ProductApiError)) throw error
    if (error.status === 404) return refusal(404, NO_CREDIT_NOTE, locale, number)
    console.error('Credit note unavailable', error.status, error.message)
    return refusal(error.status >= 500 ? 503 : error.status, TRY_AGAIN, locale, number)
  }
}

export const Route = createFileRoute('/order/$number_/credit-note/$credit')({
  server: { handlers: { GET: handle } },
})
