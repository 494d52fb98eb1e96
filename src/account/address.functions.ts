import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import {
  addressCheckSchema,
  addressListSchema,
  addressSchema,
  geoListSchema,
  noContentSchema,
  postcodePlacesSchema,
  subDistrictListSchema,
} from '~/contract/accounts'
import { ADDRESS_FIELDS, type AddressInput } from '~/domain/address-core'
import { readablePhone } from '~/domain/phone'
import { productApi } from '~/product-api/server-client.server'
import type { AccountFailure, AccountResult } from './account-result'
import * as session from './session.server'
import { ProductApiError } from '~/product-api/client'
import * as accountKeys from './account.keys'
import * as geoKeys from './geo.keys'
import { langOrDefaultInput } from '~/contract/common'

/**
 * A saved address as the address book shows it; `telephoneDisplay` is its number as people read it (+66 81 234 5678),
 * formatted on the server so the phone-number library stays out of the page (issue 29, item 24).
 */
export type SavedAddress = AddressInput & { id: string; isDefault: boolean; telephoneDisplay?: string }

/*
 * The validators' schemas are built by functions, called only inside `.validator()`: Start strips validators from
 * the browser's code, and a schema made at module level (zod's `.check()` is not known to be pure) would keep zod in
 * the address form's first load (issue 29, item 24).
 */
const addressInput = () => {
  const field = z.string().check(z.maxLength(300))
  return z.object(
    Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, field])) as Record<keyof AddressInput, typeof field>,
  )
}
const addressId = () => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))
const placeName = () => z.string().check(z.maxLength(100))

function refusal(error: unknown): AccountFailure {
  if (!(error instanceof ProductApiError) || error.status >= 500) throw error
  return {
    ok: false,
    status: error.status,
    reason: typeof error.details.reason === 'string' ? error.details.reason : 'INVALID_INPUT',
    fields: error.fields,
  }
}

export const listAddresses = createServerFn({ method: 'GET' }).handler(async (): Promise<SavedAddress[]> => {
  const { items } = await productApi().send('GET', '/me/addresses', addressListSchema, {
    headers: session.visitorHeaders(),
  })
  return items.map((item) => ({ ...item, telephoneDisplay: readablePhone(item.telephoneNumber) }))
})

export const addressesQuery = () =>
  queryOptions({ queryKey: [...accountKeys.all, 'addresses'], queryFn: () => listAddresses(), staleTime: 0 })

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

/**
 * The rules of §5 that need the Thai postal data, asked of the API when a field loses focus: the first
 * failing rule per field (field names in camelCase), empty when all is well.
 */
export const checkAddress = createServerFn({ method: 'POST' })
  .validator(addressInput())
  .handler(async ({ data }): Promise<Partial<Record<keyof AddressInput, string>>> => {
    const { fields } = await productApi().send('POST', '/addresses/check', addressCheckSchema, { body: data })
    return fields
  })

export type Place = { name: string; nameTh: string; nameEn: string }

const geoInput = () =>
  z.object({ lang: langOrDefaultInput(), province: z.optional(placeName()), district: z.optional(placeName()) })

export const thaiProvinces = createServerFn({ method: 'GET' })
  .validator(geoInput())
  .handler(async ({ data }): Promise<Place[]> => {
    const { items } = await productApi().get('/geo/th/provinces', geoListSchema, { lang: data.lang })
    return items
  })

export const thaiDistricts = createServerFn({ method: 'GET' })
  .validator(geoInput())
  .handler(async ({ data }): Promise<Place[]> => {
    const { items } = await productApi().get('/geo/th/districts', geoListSchema, data)
    return items
  })

export const thaiSubDistricts = createServerFn({ method: 'GET' })
  .validator(geoInput())
  .handler(async ({ data }): Promise<Array<Place & { postcodes: string[] }>> => {
    const { items } = await productApi().get('/geo/th/sub-districts', subDistrictListSchema, data)
    return items
  })

export const thaiPostcodePlaces = createServerFn({ method: 'GET' })
  .validator(z.object({ lang: langOrDefaultInput(), postcode: z.string().check(z.regex(/^\d{5}$/)) }))
  .handler(
    async ({ data }): Promise<Array<{ province: string; district: string; subDistrict: string; postcode: string }>> => {
      const { items } = await productApi().get(`/geo/th/postcodes/${data.postcode}`, postcodePlacesSchema, {
        lang: data.lang,
      })
      return items
    },
  )

export const thaiProvincesQuery = (lang: 'th' | 'en') =>
  queryOptions({
    queryKey: geoKeys.provinces(lang),
    queryFn: () => thaiProvinces({ data: { lang } }),
    staleTime: Infinity,
  })

export const thaiDistrictsQuery = (lang: 'th' | 'en', province: string) =>
  queryOptions({
    queryKey: geoKeys.districts(lang, province),
    queryFn: () => thaiDistricts({ data: { lang, province } }),
    staleTime: Infinity,
    enabled: province !== '',
  })

export const thaiSubDistrictsQuery = (lang: 'th' | 'en', province: string, district: string) =>
  queryOptions({
    queryKey: geoKeys.subDistricts(lang, province, district),
    queryFn: () => thaiSubDistricts({ data: { lang, province, district } }),
    staleTime: Infinity,
    enabled: province !== '' && district !== '',
  })
