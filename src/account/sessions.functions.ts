import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import { noContentSchema, sessionListSchema, sessionsEndedSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import * as session from './session.server'
import * as accountKeys from './account.keys'

/** One of the member's sessions as the account page lists it (issue 15). */
export type MemberSession = {
  id: string
  browser: string | null
  os: string | null
  country: string | null
  createdAt: string
  lastSeenAt: string
  current: boolean
}

/** The member's live sessions, this browser's marked; empty for a guest (or a session that just ended). */
export const getMemberSessions = createServerFn({ method: 'GET' }).handler(async (): Promise<MemberSession[]> => {
  if (!session.readSessionToken()) return []
  try {
    const { items } = await productApi().send('GET', '/me/sessions', sessionListSchema, {
      headers: session.visitorHeaders(),
    })
    return items
  } catch (error) {
    if (error instanceof ProductApiError && error.status === 401) return []
    throw error
  }
})

export const memberSessionsQuery = () =>
  queryOptions({ queryKey: [...accountKeys.all, 'sessions'], queryFn: () => getMemberSessions(), staleTime: 0 })

/** Ends one of the member's other sessions; NOT_FOUND when it had already ended (or was never theirs). */
export const endMemberSession = createServerFn({ method: 'POST' })
  .validator(z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i)) }))
  .handler(async ({ data }): Promise<{ ok: true } | { ok: false; status: 404; reason: 'NOT_FOUND' }> => {
    try {
      await productApi().send('DELETE', `/me/sessions/${data.id}`, noContentSchema, {
        headers: session.visitorHeaders(),
      })
      return { ok: true }
    } catch (error) {
      if (error instanceof ProductApiError && error.status === 404)
        return { ok: false, status: 404, reason: 'NOT_FOUND' }
      throw error
    }
  })

/** "Log out everywhere else": every session of the member but this browser's. */
export const endOtherSessions = createServerFn({ method: 'POST' }).handler(async (): Promise<{ ended: number }> => {
  try {
    return await productApi().send('POST', '/me/sessions/end-others', sessionsEndedSchema, {
      headers: session.visitorHeaders(),
    })
  } catch (error) {
    if (error instanceof ProductApiError && error.status === 401) return { ended: 0 }
    throw error
  }
})

/** "Log out everywhere": every session of the member, this browser's included. */
export const logoutEverywhere = createServerFn({ method: 'POST' }).handler(async () => {
  try {
    if (session.readSessionToken()) {
      await productApi().send('POST', '/auth/logout-everywhere', noContentSchema, { headers: session.visitorHeaders() })
    }
  } catch (error) {
    // A session that had already ended has nothing left to end.
    if (!(error instanceof ProductApiError && error.status === 401)) throw error
  }
  session.clearSessionCookie()
  return { ok: true as const }
})
