import { z } from '@hono/zod-openapi'
import * as mini from 'zod/mini'
import { LANGUAGE_CODES } from '~/domain/languages'
import { CURRENCIES } from '~/domain/money'

/**
 * The parameters every area shares (§7, §9): the language of the texts, the currency of the prices and a product's
 * id, written once. The product API reads them with the full-zod schemas (documented in its OpenAPI document); the
 * storefront's server functions with the zod/mini twins below (decision 005). The twins are functions, called only
 * inside `.validator()`: Start strips validators and their imports from the browser's code, so neither zod reaches
 * a page (decision 026).
 */
export const LANGS = LANGUAGE_CODES
export const CURRENCY_CODES = CURRENCIES
/** What the API answers when a call leaves the language or the currency out. */
export const DEFAULT_LANG = 'th' satisfies Lang
export const DEFAULT_CURRENCY = 'thb' satisfies CurrencyCode
export const PRODUCT_ID_MAX_LENGTH = 120
export type Lang = (typeof LANGS)[number]
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

export const langQuery = z.enum(LANGS).default(DEFAULT_LANG).openapi({ description: 'Language of the texts' })
export const currencyQuery = z
  .enum(CURRENCY_CODES)
  .default(DEFAULT_CURRENCY)
  .openapi({ description: 'Currency of prices' })
export const productId = z.string().min(1).max(PRODUCT_ID_MAX_LENGTH)

/** The server functions' language: required, or the API's default when left out. */
export const langInput = () => mini.enum(LANGS)
export const langOrDefaultInput = () => mini._default(langInput(), DEFAULT_LANG)
/** The server functions' currency: required, or the API's default when left out. */
export const currencyInput = () => mini.enum(CURRENCY_CODES)
export const currencyOrDefaultInput = () => mini._default(currencyInput(), DEFAULT_CURRENCY)
/** A product id as a server function takes it: no longer than the API's (an empty one is the API's to refuse). */
export const productIdInput = () => mini.string().check(mini.maxLength(PRODUCT_ID_MAX_LENGTH))
