import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import { sessionGrantSchema } from '~/contract/accounts'
import { mergeGuestCart } from '~/cart/cart-cookie.server'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import * as session from './session.server'

/**
 * What the LIFF login came to: `loggedIn` (a new session, `registered` when the LINE account made a new member),
 * `member` (a member was already logged in: nothing changed), or the §8 code the page shows.
 */
export type LiffLoginResult =
  | { ok: true; status: 'loggedIn'; registered: boolean }
  | { ok: true; status: 'member' }
  | { ok: false; error: 'INVALID_ID_TOKEN' | 'unavailable' }

/**
 * §4: inside LINE the shopper is logged in with the ID token of LIFF. The API has LINE verify it; the browser gets a
 * session cookie (rotated, like every login) and the guest cart joins the member's.
 */
export const loginWithLiff = createServerFn({ method: 'POST' })
  .validator(z.object({ idToken: z.string().check(z.minLength(1), z.maxLength(8192)) }))
  .handler(async ({ data }): Promise<LiffLoginResult> => {
    if (await session.currentMember()) return { ok: true, status: 'member' }
    try {
      const previous = session.readSessionToken()
      const grant = await productApi().send('POST', '/auth/line/liff', sessionGrantSchema, {
        body: { idToken: data.idToken, ...(previous ? { previousSession: previous } : {}) },
        headers: session.visitorHeaders(false),
      })
      session.writeSessionCookie(grant.token, grant.expiresAt)
      await mergeGuestCart(grant.token)
      return { ok: true, status: 'loggedIn', registered: grant.registered }
    } catch (error) {
      if (!(error instanceof ProductApiError)) throw error
      if (error.status === 503) return { ok: false, error: 'unavailable' }
      if (error.status >= 500) throw error
      return { ok: false, error: 'INVALID_ID_TOKEN' }
    }
  })
