import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'
import { env } from '../../../app.config'
import { getApiApp } from '~/server/api-app.server'

/**
 * Callers from outside cannot choose the IP the API counts (per-IP code limits): it is the connection's,
 * or the proxy's X-Forwarded-For only when TRUST_PROXY says a proxy sets it.
 */
function withCallerIp(request: Request): Request {
  const ip = getRequestIP({ xForwardedFor: env.TRUST_PROXY }) ?? 'unknown'
  const headers = new Headers(request.headers)
  headers.set('x-forwarded-for', ip)
  headers.delete('x-real-ip')
  const hasBody = !['GET', 'HEAD'].includes(request.method)
  return new Request(request.url, {
    method: request.method,
    headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

async function handle({ request }: { request: Request }): Promise<Response> {
  try {
    return await (await getApiApp()).fetch(withCallerIp(request))
  } catch (error) {
    console.error('Product API unavailable', error)
    return Response.json({ code: 503, message: 'Service unavailable' }, { status: 503 })
  }
}

/** The product API, mounted in this server at /api/public/{storeKey}/… (DESIGN.md §1). */
export const Route = createFileRoute('/api/$')({
  server: {
    handlers: { GET: handle, HEAD: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle, OPTIONS: handle },
  },
})
