import { queryOptions } from '@tanstack/react-query'
import type { Currency } from '~/domain/money'
import type { LocaleCode } from '~/i18n/locales'
import {
  getCategories,
  getCollection,
  getCollections,
  getContentPage,
  getEditorial,
  getEditorials,
  getHomePage,
  getSiteMenu,
  getProduct,
  getProductPage,
  getProductStores,
  getStores,
  getSuggestions,
  searchProducts,
  type ListingInput,
} from './catalog.functions'

/** Query keys start with the resource and the language (and currency where prices show). */
const STALE = 60_000

export const productPageQuery = (input: ListingInput) =>
  queryOptions({ queryKey: ['products', input], queryFn: () => getProductPage({ data: input }), staleTime: STALE })

/** One colour of a product family: the family id and the colour's slug (none: the first colour). */
export const productQuery = (id: string, lang: LocaleCode, currency: Currency, color?: string, preview?: string) =>
  queryOptions({
    queryKey: ['product', lang, currency, id, color ?? null, preview ?? null],
    queryFn: () => getProduct({ data: { id, lang, currency, color, preview } }),
    staleTime: STALE,
  })

export const productStoresQuery = (id: string, lang: LocaleCode, size: string | undefined) =>
  queryOptions({
    queryKey: ['product-stores', lang, id, size ?? null],
    queryFn: () => getProductStores({ data: { id, lang, size } }),
    staleTime: 30_000,
  })

export const searchQuery = (q: string, page: number, lang: LocaleCode, currency: Currency) =>
  queryOptions({
    queryKey: ['search', lang, currency, q, page],
    queryFn: () => searchProducts({ data: { q, page, lang, currency } }),
    staleTime: STALE,
  })

export const suggestionsQuery = (q: string, lang: LocaleCode, currency: Currency) =>
  queryOptions({
    queryKey: ['suggestions', lang, currency, q],
    queryFn: () => getSuggestions({ data: { q, lang, currency } }),
    staleTime: STALE,
  })

export const categoriesQuery = (lang: LocaleCode) =>
  queryOptions({ queryKey: ['categories', lang], queryFn: () => getCategories({ data: { lang } }), staleTime: STALE })

export const collectionsQuery = (lang: LocaleCode) =>
  queryOptions({ queryKey: ['collections', lang], queryFn: () => getCollections({ data: { lang } }), staleTime: STALE })

export const collectionQuery = (slug: string, lang: LocaleCode, parent?: string) =>
  queryOptions({
    queryKey: ['collection', lang, slug, parent ?? null],
    queryFn: () => getCollection({ data: { slug, lang, parent } }),
    staleTime: STALE,
  })

export const editorialsQuery = (lang: LocaleCode) =>
  queryOptions({ queryKey: ['editorials', lang], queryFn: () => getEditorials({ data: { lang } }), staleTime: STALE })

export const editorialQuery = (slug: string, lang: LocaleCode, currency: Currency) =>
  queryOptions({
    queryKey: ['editorial', lang, currency, slug],
    queryFn: () => getEditorial({ data: { slug, lang, currency } }),
    staleTime: STALE,
  })

export const storesQuery = (lang: LocaleCode) =>
  queryOptions({ queryKey: ['stores', lang], queryFn: () => getStores({ data: { lang } }), staleTime: STALE })

export const contentPageQuery = (slug: string, lang: LocaleCode, currency: Currency) =>
  queryOptions({
    queryKey: ['content-page', lang, currency, slug],
    queryFn: () => getContentPage({ data: { slug, lang, currency } }),
    staleTime: 10 * 60_000,
  })

export const homePageQuery = (lang: LocaleCode) =>
  queryOptions({ queryKey: ['home', lang], queryFn: () => getHomePage({ data: { lang } }), staleTime: STALE })

export const siteMenuQuery = (lang: LocaleCode) =>
  queryOptions({ queryKey: ['site-menu', lang], queryFn: () => getSiteMenu({ data: { lang } }), staleTime: STALE })
