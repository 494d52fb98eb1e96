import { createFileRoute } from '@tanstack/react-router'
import { env } from '../../../app.config'
import { orderHeaders } from '~/checkout/order-access.server'
import { getApiApp } from '~/server/api-app.server'
import { getRequestState } from '~/server/request-state.server'

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/

/** A call of the product API's slip endpoint with the visitor's order access (member session or guest token). */
async function callApi(number: string, lang: string, init: { method: string; body?: ArrayBuffer; type?: string }) {
  const headers = orderHeaders(number)
  if (init.type) headers.set('content-type', init.type)
  const path = `/public/${encodeURIComponent(env.STORE_KEY)}/orders/${number}/slip?lang=${lang}`
  const request = new Request(env.API_URL ? `${env.API_URL}${path}` : `http://in-process/api${path}`, {
    method: init.method,
    headers,
    body: init.body,
  })
  return env.API_URL ? fetch(request) : (await getApiApp()).fetch(request)
}

/** The API's answer passed on as JSON, never kept. */
async function passOn(response: Response): Promise<Response> {
  return new Response(await response.text(), {
    status: response.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' },
  })
}

/**
 * The order page's transfer slip (issue 31 item 6): its state (GET) and its upload (POST, the picture as the body),
 * for the member of the order or the guest whose browser keeps its token, through the product API. The body may be
 * up to 8 MiB on this path (src/server/nitro/body-limit.ts); the API refuses over 5 MB in the shopper's language.
 */
async function handle({ request, params }: { request: Request; params: { number: string } }): Promise<Response> {
  const lang = getRequestState(request)?.locale ?? env.DEFAULT_LOCALE
  if (!ORDER_NUMBER.test(params.number)) {
    return Response.json({ code: 404, message: 'No such order', reason: 'NOT_FOUND' }, { status: 404 })
  }
  if (request.method === 'GET') return passOn(await callApi(params.number, lang, { method: 'GET' }))
  const type = request.headers.get('content-type') ?? 'application/octet-stream'
  const body = await request.arrayBuffer()
  return passOn(await callApi(params.number, lang, { method: 'POST', body, type }))
}

export const Route = createFileRoute('/order/$number_/slip')({
  server: { handlers: { GET: handle, POST: handle } },
})
