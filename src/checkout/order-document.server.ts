import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { env } from '../../app.config'
import { orderHeaders } from '~/checkout/order-access.server'
import { createI18n } from '~/i18n/catalogs'
import type { LocaleCode } from '~/i18n/locales'
import { routePath } from '~/routing/links'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { getRequestState } from '~/server/request-state.server'

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/

const NO_ORDER = msg`This order was not found. Please open it from the link in your order e-mail or your order history.`
const BACK = msg`Back to the order`

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A refusal as a small page in the shopper's language, with the way back to the order. */
async function refusal(
  status: number,
  title: MessageDescriptor,
  message: MessageDescriptor,
  locale: LocaleCode,
  number: string,
) {
  const i18n = await createI18n(locale)
  const orderPath = routePath(
    { to: '/order/$number', params: { number } },
    { lang: locale, strategy: env.LANGUAGE_STRATEGY, defaultLocale: env.DEFAULT_LOCALE },
  )
  const body = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(i18n._(title))}</title></head>
<body><main><h1>${escapeHtml(i18n._(title))}</h1><p role="alert">${escapeHtml(i18n._(message))}</p>
<p><a href="${escapeHtml(orderPath)}">${escapeHtml(i18n._(BACK))}</a></p></main></body></html>`
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
  })
}

/** One of an order's documents as the shopper downloads it: where the product API keeps it and what to say. */
export type OrderDocument = {
  /** The page title of a refusal ("Tax invoice"). */
  title: MessageDescriptor
  /** The product API's path of the PDF, or null when the address cannot be one (a 404 page, not asked). */
  apiPath: (number: string) => string | null
  /** The file's name, from the API's answer's headers and the order's number. */
  filename: (headers: Headers, number: string) => string
  /** What a 404 says: no such document on this order (the order itself unknown says so on its own). */
  notFound?: MessageDescriptor
  /** What a 5xx or an unexpected refusal says. */
  tryAgain: MessageDescriptor
  /** A 409's reason from the API's fields, in the shopper's words; null: the 409 is unexpected. */
  conflict?: (fields: Record<string, string> | undefined) => MessageDescriptor | null
  /** The log line's words when the API could not give it. */
  logLabel: string
}

/**
 * An order's document (the tax invoice, a credit note) for the member of the order or the guest whose browser keeps
 * its token: the PDF from the product API as a download, or a page in the shopper's language that says why not.
 */
export async function orderDocumentResponse(
  document: OrderDocument,
  request: Request,
  number: string,
): Promise<Response> {
  const locale = getRequestState(request)?.locale ?? env.DEFAULT_LOCALE
  const refuse = (status: number, message: MessageDescriptor) =>
    refusal(status, document.title, message, locale, number)
  if (!ORDER_NUMBER.test(number)) return refuse(404, NO_ORDER)
  const path = document.apiPath(number)
  if (path === null) return refuse(404, document.notFound ?? NO_ORDER)
  try {
    const { bytes, headers } = await productApi().download(path, orderHeaders(number))
    return new Response(bytes, {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${document.filename(headers, number)}"`,
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    })
  } catch (error) {
    if (!(error instanceof ProductApiError)) throw error
    if (error.status === 404) return refuse(404, document.notFound ?? NO_ORDER)
    const reason = error.status === 409 ? document.conflict?.(error.fields) : null
    if (reason) return refuse(409, reason)
    console.error(`${document.logLabel} unavailable`, error.status, error.message)
    return refuse(error.status >= 500 ? 503 : error.status, document.tryAgain)
  }
}
