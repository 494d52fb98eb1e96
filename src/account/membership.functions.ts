import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import type { CamelCasedPropertiesDeep } from 'type-fest'
import type { z } from 'zod'
import { memberCodesSchema, membershipSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import { visitorHeaders } from './session.server'
import * as accountKeys from './account.keys'

export type Membership = CamelCasedPropertiesDeep<z.output<typeof membershipSchema>>
export type MemberCode = CamelCasedPropertiesDeep<z.output<typeof memberCodesSchema>>['items'][number]

/** The member's tier figures (issue 6), or null for a guest. */
export const getMembership = createServerFn({ method: 'GET' }).handler(async (): Promise<Membership | null> => {
  try {
    return await productApi().send('GET', '/me/membership', membershipSchema, { headers: visitorHeaders() })
  } catch (error) {
    if (error instanceof ProductApiError && error.status === 401) return null
    throw error
  }
})

export const membershipQuery = () =>
  queryOptions({ queryKey: [...accountKeys.all, 'membership'], queryFn: () => getMembership(), staleTime: 0 })

/** The member's promotion codes, newest first. */
export const getMemberCodes = createServerFn({ method: 'GET' }).handler(async (): Promise<MemberCode[]> => {
  const { items } = await productApi().send('GET', '/me/codes', memberCodesSchema, { headers: visitorHeaders() })
  return items
})

export const memberCodesQuery = () =>
  queryOptions({ queryKey: [...accountKeys.all, 'codes'], queryFn: () => getMemberCodes(), staleTime: 0 })
