import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { quickPassSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import * as session from './session.server'
import * as accountKeys from './account.keys'

/** The member's pass for in-store use: a signed token to show as a QR code, valid until `expiresAt`. */
export type QuickPass = {
  token: string
  expiresAt: string
  name: string
  tier: 'member' | 'vip' | 'vvip'
}

/** A fresh quick pass of the logged-in member, or null for a guest (or a session that has ended). */
export const getQuickPass = createServerFn({ method: 'GET' }).handler(async (): Promise<QuickPass | null> => {
  if (!session.readSessionToken()) return null
  try {
    return await productApi().send('GET', '/me/quick-pass', quickPassSchema, { headers: session.visitorHeaders() })
  } catch (error) {
    if (error instanceof ProductApiError && error.status === 401) return null
    throw error
  }
})

/** A code lives five minutes: it is renewed after four, so the one on screen is always still good. */
export const quickPassQuery = () =>
  queryOptions({
    queryKey: [...accountKeys.all, 'quick-pass'],
    queryFn: () => getQuickPass(),
    staleTime: 60_000,
    refetchInterval: 240_000,
  })
