import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import {
  addressCheckSchema,
  addressListSchema,
  geoListSchema,
  postcodePlacesSchema,
  subDistrictListSchema,
} from '~/contract/accounts'
import type { AddressInput } from '~/domain/address-core'
import { readablePhone } from '~/domain/phone'
import { productApi } from '~/product-api/server-client.server'
import * as session from './session.server'
import * as accountKeys from './account.keys'
import { addressInput, placeName } from './address.inputs'
import * as geoKeys from './geo.keys'
import { langOrDefaultInput } from '~/contract/common'

/**
 * A saved address as the address book shows it; `telephoneDisplay` is its number as people read it (+66 81 234 5678),
 * formatted on the server so the phone-number library stays out of the page (issue 29, item 24).
 */
export type SavedAddress = AddressInput & { id: string; isDefault: boolean; telephoneDisplay?: string }

export const listAddresses = createServerFn({ method: 'GET' }).handler(async (): Promise<SavedAddress[]> => {
  const { items } = await productApi().send('GET', '/me/addresses', addressListSchema, {
    headers: session.visitorHeaders(),
  })
  return items.map((item) => ({ ...item, telephoneDisplay: readablePhone(item.telephoneNumber) }))
})

export const addressesQuery = () =>
  queryOptions({ queryKey: [...accountKeys.all, 'addresses'], queryFn: () => listAddresses(), staleTime: 0 })

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
