import { createFileRoute } from '@tanstack/react-router'
import { getApiApp } from '~/server/api-app.server'

async function handle({ request }: { request: Request }): Promise<Response> {
  try {
    return await (await getApiApp()).fetch(request)
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
