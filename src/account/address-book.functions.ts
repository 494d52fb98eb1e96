import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import { addressSchema, noContentSchema } from '~/contract/accounts'
import { ProductApiError } from '~/product-api/client'
import { productApi } from '~/product-api/server-client.server'
import type { AccountFailure, AccountResult } from './account-result'
import type { SavedAddress } from './address.functions'
import { addressId, addressInput } from './address.inputs'
import * as session from './session.server'

/*
 * The address book's changes: an address added, changed, removed or made the default. Only the address book makes
 * them (through the hook of address.mutations.ts), apart from the addresses' reads and the postal look-ups
 * (address.functions.ts), which checkout and the account page load too.
 */

function refusal(error: unknown): AccountFailure {
  if (!(error instanceof ProductApiError) || error.status >= 500) throw error
  return {
    ok: false,
    status: error.status,
    reason: typeof error.details.reason === 'string' ? error.details.reason : 'INVALID_INPUT',
    fields: error.fields,
  }
}

export const addAddress = createServerFn({ method: 'POST' })
  .validator(z.object({ address: addressInput(), isDefault: z._default(z.boolean(), false) }))
  .handler(async ({ data }): Promise<AccountResult<{ address: SavedAddress }>> => {
    try {
      const address = await productApi().send('POST', '/me/addresses', addressSchema, {
        body: { ...data.address, isDefault: data.isDefault },
        headers: session.visitorHeaders(),
      })
      return { ok: true, address }
    } catch (error) {
      return refusal(error)
    }
  })

export const updateAddress = createServerFn({ method: 'POST' })
  .validator(z.object({ id: addressId(), address: addressInput() }))
  .handler(async ({ data }): Promise<AccountResult<{ address: SavedAddress }>> => {
    try {
      const address = await productApi().send('PUT', `/me/addresses/${data.id}`, addressSchema, {
        body: data.address,
        headers: session.visitorHeaders(),
      })
      return { ok: true, address }
    } catch (error) {
      return refusal(error)
    }
  })

export const removeAddress = createServerFn({ method: 'POST' })
  .validator(z.object({ id: addressId() }))
  .handler(async ({ data }): Promise<AccountResult<object>> => {
    try {
      await productApi().send('DELETE', `/me/addresses/${data.id}`, noContentSchema, {
        headers: session.visitorHeaders(),
      })
      return { ok: true }
    } catch (error) {
      return refusal(error)
    }
  })

export const setDefaultAddress = createServerFn({ method: 'POST' })
  .validator(z.object({ id: addressId() }))
  .handler(async ({ data }): Promise<AccountResult<{ address: SavedAddress }>> => {
    try {
      const address = await productApi().send('POST', `/me/addresses/${data.id}/default`, addressSchema, {
        headers: session.visitorHeaders(),
      })
      return { ok: true, address }
    } catch (error) {
      return refusal(error)
    }
  })
