import type { CamelCasedPropertiesDeep } from 'type-fest'
import type { z } from 'zod'
import type {
  categorySchema,
  collectionSchema,
  contentPageSchema,
  editorialSchema,
  editorialSummarySchema,
  imageSchema,
  moneySchema,
  productDetailSchema,
  productPageSchema,
  productSummarySchema,
  richBlockSchema,
  storeAvailabilitySchema,
  storeSchema,
} from '~/contract/catalog'
import type { homePageSchema } from '~/contract/site'

/** The storefront's domain types: the API's wire types, read in camelCase (§7). */
type Read<S extends z.ZodType> = CamelCasedPropertiesDeep<z.output<S>>

export type Money = Read<typeof moneySchema>
export type CatalogImage = Read<typeof imageSchema>
export type ProductSummary = Read<typeof productSummarySchema>
export type ProductDetail = Read<typeof productDetailSchema>
export type ProductPage = Read<typeof productPageSchema>
export type Category = Read<typeof categorySchema>
export type Collection = Read<typeof collectionSchema>
export type EditorialSummary = Read<typeof editorialSummarySchema>
export type Editorial = Read<typeof editorialSchema>
export type RichBlock = Read<typeof richBlockSchema>
export type Store = Read<typeof storeSchema>
export type StoreAvailability = Read<typeof storeAvailabilitySchema>
export type ContentPage = Read<typeof contentPageSchema>
export type HomePage = Read<typeof homePageSchema>
export type HomeBlockView = HomePage['blocks'][number]
