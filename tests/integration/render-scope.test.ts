import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withinPageRender } from '~/api/accounts/render-scope.server'
import { members, sessions } from '~/db/schema'
import { createApiApp, type ApiApp } from './api-app'
import { freshDatabase } from './database'

/**
 * Issue 29, item 25: a page render of the storefront looks a session up once, however many in-process API calls it
 * makes (the account page made five, each reading the session again). Seen from outside: a session removed from the
 * database in the middle of one render still answers the rest of that render, and nothing else (the next render, a
 * server-function call, any outside caller) is answered from that lookup.
 */
const BASE = 'http://shop.test/api/public/demo'
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: ApiApp

beforeAll(async () => {
  database = await freshDatabase({ seed: false })
  app = createApiApp({ db: database.db, storeKeys: ['demo'] })
})

afterAll(async () => {
  await database?.close()
})

async function loggedIn(): Promise<string> {
  const [member] = await database.db
    .insert(members)
    .values({ fullname: 'สมหญิง ทดสอบ', email: `render-${randomBytes(4).toString('hex')}@example.com` })
    .returning()
  if (!member) throw new Error('member not created')
  const token = randomBytes(24).toString('base64url')
  await database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    memberId: member.id,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  })
  return token
}

async function endEverySession() {
  await database.db.delete(sessions).where(eq(sessions.memberId, sessions.memberId))
}

async function me(token: string): Promise<number> {
  const response = await app.fetch(
    new Request(`${BASE}/me`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }),
  )
  await response.arrayBuffer()
  return response.status
}

const page = (path: string, method = 'GET') => new Request(`http://shop.test${path}`, { method })

describe('session lookups within one page render', () => {
  it('one render of a page reads the session once: the rest of the render is answered from that lookup', async () => {
    const token = await loggedIn()
    const render = page('/account')
    expect(await withinPageRender(render, () => me(token))).toBe(200)
    await endEverySession()
    // Still the same render (its other calls: cart, addresses, membership, devices): the lookup is not repeated.
    expect(await withinPageRender(render, () => me(token))).toBe(200)
    // The next render reads the database again.
    expect(await withinPageRender(page('/account'), () => me(token))).toBe(401)
  })

  it('an outside caller, a server-function call and a POST never reuse a lookup', async () => {
    const token = await loggedIn()
    expect(await me(token)).toBe(200)
    for (const request of [page('/_serverFn/abc'), page('/account', 'POST')]) {
      expect(await withinPageRender(request, () => me(token))).toBe(200)
    }
    await endEverySession()
    expect(await me(token)).toBe(401)
    for (const request of [page('/_serverFn/abc'), page('/account', 'POST')]) {
      expect(await withinPageRender(request, () => me(token))).toBe(401)
    }
  })

  it('logging out within a render forgets the lookup', async () => {
    const token = await loggedIn()
    const render = page('/account')
    expect(await withinPageRender(render, () => me(token))).toBe(200)
    const logout = await withinPageRender(render, async () =>
      app.fetch(new Request(`${BASE}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })),
    )
    expect(logout.status).toBeLessThan(300)
    expect(await withinPageRender(render, () => me(token))).toBe(401)
  })
})
