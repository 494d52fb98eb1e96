import { defineHandler } from 'nitro/h3'
import { env } from '../../../app.config'
import { ADMIN_DEFAULT_LOCALE, adminPlaceOf } from '~/admin/locale'
import { adminPageHeaders, adminPageIn } from '../admin-page.server'

/**
 * The back office's page, as the admin build wrote it (vite.admin.config.ts into .admin-build; `npm run build` makes it
 * before the shop's): read into the server bundle at build time. The glob is empty when there is no admin build (the
 * shop's `npm run dev` before any build), and the page then says how to get one.
 */
const built = import.meta.glob<string>('/.admin-build/index.html', { query: '?raw', import: 'default', eager: true })
const page = Object.values(built)[0] ?? null

/**
 * GET /admin, /admin/**, /en/admin, /en/admin/** (decision 177): every path of the back office answers its app's page
 * (the app's router shows the screen, or its not-found screen), before the shop's catch-all route sees the request.
 */
export default defineHandler((event) => {
  const method = event.req.method
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } })
  }
  const place = adminPlaceOf(new URL(event.req.url).pathname)
  const headers = adminPageHeaders(env.SECURE_COOKIES)
  if (page === null) {
    return new Response(
      method === 'HEAD' ? null : 'The back office is not built: run npm run build, or npm run dev:admin to develop it.',
      { status: 503, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } },
    )
  }
  return new Response(
    method === 'HEAD' ? null : adminPageIn(page, place?.locale ?? ADMIN_DEFAULT_LOCALE, env.STORE_KEY),
    {
      headers,
    },
  )
})
