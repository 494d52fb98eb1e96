import type { ProductTag } from '~/domain/catalog'
import type { Currency } from '~/domain/money'
import { MINOR_UNITS } from '~/domain/money'
import {
  pieceEligibility,
  RETURN_CHANNEL,
  RETURN_POSTAGE_PAID_BY,
  RETURN_WINDOW_DAYS,
  type ReturnableOrder,
} from '~/domain/returns'
import { SHIPPING_COUNTRIES } from '~/domain/shipping-countries'
import {
  COURIER_DELIVERY_WORKING_DAYS,
  deliveryTerms,
  DOMESTIC_COUNTRY,
  HANDLING_WORKING_DAYS,
  WORKING_WEEKDAYS,
} from '~/domain/shipping'
import type { PricingLine } from '~/domain/pricing-line'

/**
 * What Google's merchant listings read of an offer's delivery and returns (`shippingDetails`,
 * `hasMerchantReturnPolicy`), stated from the shop's own rules (§9, src/domain): the builders ask the pricing
 * engine and the return rules about one piece bought alone, and never restate a fee, a threshold or a window.
 */

/** One piece as an offer: what the rules look at. Prices in minor units of the page's currency. */
export type OfferItem = {
  sku: string
  category: string
  tags: readonly ProductTag[]
  unitPrice: number
  currency: Currency
  /** The category ships only within Thailand (the catalog's flag; §9 "shoes only domestic"). */
  domesticOnly: boolean
}

/**
 * Every country the shop ships to apart from Thailand. Marked pure: when the browser build drops the structured data
 * builders (src/seo/StructuredData.tsx), this list and the country list go with them.
 */
export const INTERNATIONAL_COUNTRIES: readonly string[] = /* @__PURE__ */ SHIPPING_COUNTRIES.filter(
  (code) => code !== DOMESTIC_COUNTRY,
)

const SCHEMA = 'https://schema.org/'
/** Google: a return policy's `applicableCountry` names at most 50 countries. */
const MAX_POLICY_COUNTRIES = 50
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** A schema.org day of the week (0 = Sunday) as a URL. */
export function dayOfWeek(day: number): string {
  return `${SCHEMA}${WEEKDAYS[day] ?? 'Sunday'}`
}

/** An amount in minor units as a decimal number of major units (1290.5 for 129050 satang). */
export function majorAmount(amount: number, currency: Currency): number {
  return amount / MINOR_UNITS[currency]
}

function lineOf(item: OfferItem): PricingLine {
  return {
    sku: item.sku,
    productId: item.sku,
    category: item.category,
    tags: item.tags,
    unitPrice: item.unitPrice,
    quantity: 1,
  }
}

/** What the courier costs for this piece alone, and whether it may go there at all. */
function courierTerms(item: OfferItem, country: string) {
  return deliveryTerms(item.currency, [lineOf(item)], { country }, 'courier', item.unitPrice)
}

/** Whether the piece may be sent abroad: not of a domestic-only category, and the checkout would not refuse it. */
export function shipsAbroad(item: OfferItem): boolean {
  const abroad = INTERNATIONAL_COUNTRIES[0]
  if (item.domesticOnly || abroad === undefined) return false
  return courierTerms(item, abroad).blocked.length === 0
}

function days(range: { min: number; max: number }) {
  return { '@type': 'QuantitativeValue', minValue: range.min, maxValue: range.max, unitCode: 'DAY' }
}

/** §9 courier delivery: handling then transit, in working days (Monday to Friday), adding up to the total. */
function deliveryTime() {
  const transit = {
    min: COURIER_DELIVERY_WORKING_DAYS.min - HANDLING_WORKING_DAYS.min,
    max: COURIER_DELIVERY_WORKING_DAYS.max - HANDLING_WORKING_DAYS.max,
  }
  return {
    '@type': 'ShippingDeliveryTime',
    businessDays: { '@type': 'OpeningHoursSpecification', dayOfWeek: WORKING_WEEKDAYS.map(dayOfWeek) },
    handlingTime: days(HANDLING_WORKING_DAYS),
    transitTime: days(transit),
  }
}

function region(country: string) {
  return { '@type': 'DefinedRegion', addressCountry: country }
}

function rate(item: OfferItem, country: string) {
  return {
    '@type': 'MonetaryAmount',
    value: majorAmount(courierTerms(item, country).shippingFee, item.currency),
    currency: item.currency.toUpperCase(),
  }
}

/**
 * `shippingDetails` of one piece bought alone, in the offer's currency: within Thailand free, or the small-item fee
 * for a club item or a cheap sale item; abroad (every other shipping country, unless the piece is domestic-only)
 * the international fee below the free-shipping threshold, else free.
 */
export function shippingDetailsLd(item: OfferItem) {
  const domestic = {
    '@type': 'OfferShippingDetails',
    shippingDestination: region(DOMESTIC_COUNTRY),
    shippingRate: rate(item, DOMESTIC_COUNTRY),
    deliveryTime: deliveryTime(),
  }
  const abroad = INTERNATIONAL_COUNTRIES[0]
  if (abroad === undefined || !shipsAbroad(item)) return [domestic]
  const international = {
    '@type': 'OfferShippingDetails',
    // One rate for every foreign country: the international fee does not depend on the country.
    shippingDestination: INTERNATIONAL_COUNTRIES.map(region),
    shippingRate: rate(item, abroad),
    deliveryTime: deliveryTime(),
  }
  return [domestic, international]
}

/** Whether a received order of this one piece, in its first day, could be asked back for (src/domain/returns.ts). */
function returnable(item: OfferItem, international: boolean): boolean {
  const receivedAt = new Date(0)
  const order: ReturnableOrder = {
    status: 'received',
    receivedAt: receivedAt.toISOString(),
    international,
    items: [],
  }
  const piece = { tags: item.tags, category: item.category, quantity: 1, requested: 0 }
  return pieceEligibility(order, piece, receivedAt).eligible
}

function notPermitted(countries: string | readonly string[]) {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: countries,
    returnPolicyCategory: `${SCHEMA}MerchantReturnNotPermitted`,
  }
}

/**
 * `hasMerchantReturnPolicy` of one piece: within Thailand a finite window of RETURN_WINDOW_DAYS by post, the
 * shopper paying the parcel, unless the piece is never returned (sale, excluded categories); orders sent abroad are
 * never returned. `returnsPageUrl`: the page that explains the policy (the delivery page).
 */
export function returnPoliciesLd(item: OfferItem, returnsPageUrl: string) {
  const domestic = returnable(item, false)
    ? {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: DOMESTIC_COUNTRY,
        returnPolicyCountry: DOMESTIC_COUNTRY,
        returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
        merchantReturnDays: RETURN_WINDOW_DAYS,
        returnMethod: `${SCHEMA}${RETURN_CHANNEL === 'mail' ? 'ReturnByMail' : 'ReturnInStore'}`,
        returnFees: `${SCHEMA}${RETURN_POSTAGE_PAID_BY === 'shopper' ? 'ReturnFeesCustomerResponsibility' : 'FreeReturn'}`,
        merchantReturnLink: returnsPageUrl,
      }
    : { ...notPermitted(DOMESTIC_COUNTRY), merchantReturnLink: returnsPageUrl }
  if (!shipsAbroad(item)) return [domestic]
  // The rules refuse every international order today; should that change, say nothing rather than something wrong.
  if (returnable(item, true)) return [domestic]
  // Google takes at most 50 countries a policy.
  const abroad: Array<ReturnType<typeof notPermitted> & { merchantReturnLink: string }> = []
  for (let start = 0; start < INTERNATIONAL_COUNTRIES.length; start += MAX_POLICY_COUNTRIES) {
    const countries = INTERNATIONAL_COUNTRIES.slice(start, start + MAX_POLICY_COUNTRIES)
    abroad.push({ ...notPermitted(countries), merchantReturnLink: returnsPageUrl })
  }
  return [domestic, ...abroad]
}
