import { isValidGtin } from './gtin'

/**
 * A checker of our JSON-LD against the fields Google documents for its search features, so that tests (unit and
 * browser) can say which required or recommended field is missing or malformed:
 * - Merchant listings: developers.google.com/search/docs/appearance/structured-data/merchant-listing
 *   (Product, Offer, priceSpecification for a sale price, OfferShippingDetails, MerchantReturnPolicy).
 * - Product variants: …/structured-data/product-variants (ProductGroup, hasVariant, variesBy, productGroupID).
 * - Organization: …/structured-data/organization (no required field; name, url, logo, description, sameAs).
 * - Site names and the search box: …/structured-data/site-names, …/sitelinks-searchbox (WebSite, SearchAction).
 * - Local business: …/structured-data/local-business (Store: name and address required; geo, opening hours,
 *   telephone and url recommended).
 * - Breadcrumbs: …/structured-data/breadcrumb (ListItem position, name, item).
 * Google's recommended fields that the shop has no data for (reviews and ratings, a store's price range and
 * photo, an Organization's legal name, tax ID, founding date …) are not asked for; decision 132 lists them.
 * Test-side code: no page imports it.
 */

type Node = Record<string, unknown>
type Level = 'required' | 'recommended'

const SCHEMA = 'https://schema.org/'
const AVAILABILITY = [
  'BackOrder',
  'Discontinued',
  'InStock',
  'InStoreOnly',
  'LimitedAvailability',
  'MadeToOrder',
  'OnlineOnly',
  'OutOfStock',
  'PreOrder',
  'PreSale',
  'Reserved',
  'SoldOut',
]
const CONDITION = ['NewCondition', 'UsedCondition', 'RefurbishedCondition', 'DamagedCondition']
const RETURN_CATEGORY = [
  'MerchantReturnFiniteReturnWindow',
  'MerchantReturnNotPermitted',
  'MerchantReturnUnlimitedWindow',
]
const RETURN_METHOD = ['ReturnAtKiosk', 'ReturnByMail', 'ReturnInStore']
const RETURN_FEES = ['FreeReturn', 'ReturnFeesCustomerResponsibility', 'ReturnShippingFees']
const VARIES_BY = ['color', 'size', 'suggestedAge', 'suggestedGender', 'material', 'pattern']
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'PublicHolidays']
/** Google: applicableCountry takes at most 50 countries. */
const MAX_RETURN_COUNTRIES = 50

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value]
}

function typeOf(node: Node): string[] {
  return list(node['@type']).filter((type): type is string => typeof type === 'string')
}

/** A dotted path in a node ('brand.name'); undefined where any step is missing. */
function at(node: Node, path: string): unknown {
  let value: unknown = node
  for (const key of path.split('.')) {
    if (!isNode(value)) return undefined
    value = value[key]
  }
  return value
}

// ── Shapes of values ─────────────────────────────────────────────────────────────────────────────────────────

const isText = (value: unknown) => typeof value === 'string' && value.trim().length > 0
const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s/]+(\/\S*)?$/.test(value)
const isUrlOrImage = (value: unknown) => isAbsoluteUrl(value) || (isNode(value) && isAbsoluteUrl(value.url))
const isUrls = (value: unknown) => list(value).length > 0 && list(value).every(isUrlOrImage)
const isAmount = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value) && value >= 0) ||
  (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value))
const isCurrency = (value: unknown) => typeof value === 'string' && /^[A-Z]{3}$/.test(value)
const isCountry = (value: unknown) => typeof value === 'string' && /^[A-Z]{2}$/.test(value)
const isCountries = (value: unknown) =>
  list(value).length > 0 && list(value).length <= MAX_RETURN_COUNTRIES && list(value).every(isCountry)
const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0
const isTime = (value: unknown) => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value)
const isGtin13 = (value: unknown) => typeof value === 'string' && value.length === 13 && isValidGtin(value)
const isPhone = (value: unknown) => typeof value === 'string' && /^\+\d[\d\s-]{6,}$/.test(value)
const among =
  (names: readonly string[]) =>
  (value: unknown): boolean =>
    typeof value === 'string' && names.some((name) => value === `${SCHEMA}${name}` || value === name)
const inRange = (min: number, max: number) => (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max

function amountOf(value: unknown): number {
  return typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
}

// ── The checker ──────────────────────────────────────────────────────────────────────────────────────────────

class Checker {
  readonly problems: string[] = []

  field(node: Node, where: string, path: string, level: Level, shape: (value: unknown) => boolean = isText) {
    const value = at(node, path)
    if (value === undefined || value === null || value === '') {
      this.problems.push(`${where}.${path}: missing (${level})`)
      return false
    }
    if (!shape(value)) {
      this.problems.push(`${where}.${path}: malformed ${JSON.stringify(value).slice(0, 80)}`)
      return false
    }
    return true
  }

  fail(where: string, message: string) {
    this.problems.push(`${where}: ${message}`)
  }

  any(data: unknown, where: string): void {
    if (Array.isArray(data)) return data.forEach((item, index) => this.any(item, `${where}[${index}]`))
    if (!isNode(data)) return this.fail(where, 'not an object')
    if (Array.isArray(data['@graph'])) return this.any(data['@graph'], `${where}.@graph`)
    const types = typeOf(data)
    if (types.includes('ProductGroup')) return this.productGroup(data, `${where}(ProductGroup)`)
    if (types.includes('Product')) return this.product(data, `${where}(Product)`, null)
    if (types.includes('Organization')) return this.organization(data, `${where}(Organization)`)
    if (types.includes('WebSite')) return this.webSite(data, `${where}(WebSite)`)
    if (types.some((type) => type === 'Store' || type === 'LocalBusiness')) return this.store(data, `${where}(Store)`)
    if (types.includes('BreadcrumbList')) return this.breadcrumbs(data, `${where}(BreadcrumbList)`)
    if (types.includes('ItemList')) return this.itemList(data, `${where}(ItemList)`)
    this.fail(where, `a type no check knows: ${JSON.stringify(data['@type'])}`)
  }

  productGroup(node: Node, where: string) {
    this.field(node, where, 'name', 'required')
    this.field(node, where, 'productGroupID', 'required')
    this.field(
      node,
      where,
      'variesBy',
      'required',
      (value) => list(value).length > 0 && list(value).every(among(VARIES_BY)),
    )
    this.field(node, where, 'hasVariant', 'required', (value) => list(value).length > 0)
    this.field(node, where, 'description', 'recommended')
    this.field(node, where, 'brand.name', 'recommended')
    this.field(node, where, 'url', 'recommended', isAbsoluteUrl)
    const variesBy = list(node.variesBy).map((value) => String(value).replace(SCHEMA, ''))
    list(node.hasVariant).forEach((variant, index) => {
      const place = `${where}.hasVariant[${index}]`
      if (!isNode(variant)) return this.fail(place, 'not an object')
      // A variant shown on another page of the group may be named by its URL alone.
      if (Object.keys(variant).every((key) => key === '@type' || key === 'url')) {
        this.field(variant, place, 'url', 'required', isAbsoluteUrl)
        return
      }
      this.product(variant, place, { node, variesBy })
    })
  }

  product(node: Node, where: string, group: { node: Node; variesBy: string[] } | null) {
    // What a variant does not carry it inherits from its group (Google: brand, description and the like).
    const inherited = (path: string) => group !== null && at(group.node, path) !== undefined
    this.field(node, where, 'name', 'required')
    this.field(node, where, 'image', 'required', isUrls)
    this.field(node, where, 'offers', 'required', isNode)
    if (!inherited('description')) this.field(node, where, 'description', 'recommended')
    if (!inherited('brand.name')) this.field(node, where, 'brand.name', 'recommended')
    this.field(node, where, 'sku', 'recommended')
    this.field(node, where, 'gtin13', 'recommended', isGtin13)
    this.field(node, where, 'color', 'recommended')
    this.field(node, where, 'size', 'recommended')
    if (group) {
      this.field(node, where, 'inProductGroupWithID', 'recommended', (value) => value === group.node.productGroupID)
      for (const property of group.variesBy) this.field(node, where, property, 'required')
    }
    const offers = node.offers
    if (isNode(offers)) this.offer(offers, `${where}.offers`)
  }

  offer(node: Node, where: string) {
    this.field(node, where, 'price', 'required', isAmount)
    this.field(node, where, 'priceCurrency', 'required', isCurrency)
    this.field(node, where, 'availability', 'recommended', among(AVAILABILITY))
    this.field(node, where, 'itemCondition', 'recommended', among(CONDITION))
    this.field(node, where, 'url', 'recommended', isAbsoluteUrl)
    list(node.priceSpecification).forEach((spec, index) => {
      const place = `${where}.priceSpecification[${index}]`
      if (!isNode(spec)) return this.fail(place, 'not an object')
      this.field(spec, place, 'price', 'required', isAmount)
      this.field(spec, place, 'priceCurrency', 'required', (value) => value === node.priceCurrency)
      if (spec.priceType === `${SCHEMA}StrikethroughPrice` && !(amountOf(spec.price) > amountOf(node.price))) {
        this.fail(place, 'a struck-through price must be higher than the price')
      }
    })
    if (this.field(node, where, 'shippingDetails', 'recommended', (value) => list(value).every(isNode))) {
      list(node.shippingDetails).forEach((details, index) =>
        this.shipping(details as Node, `${where}.shippingDetails[${index}]`, node.priceCurrency),
      )
    }
    if (this.field(node, where, 'hasMerchantReturnPolicy', 'recommended', (value) => list(value).every(isNode))) {
      list(node.hasMerchantReturnPolicy).forEach((policy, index) =>
        this.returns(policy as Node, `${where}.hasMerchantReturnPolicy[${index}]`),
      )
    }
  }

  shipping(node: Node, where: string, currency: unknown) {
    this.field(node, where, 'shippingDestination', 'required', (value) => {
      const regions = list(value)
      return regions.length > 0 && regions.every((region) => isNode(region) && isCountry(region.addressCountry))
    })
    if (node.doesNotShip === true) return
    this.field(node, where, 'shippingRate', 'required', isNode)
    const rate = at(node, 'shippingRate')
    if (isNode(rate)) {
      if (rate.value === undefined && rate.maxValue === undefined) this.fail(`${where}.shippingRate`, 'no value')
      else
        this.field(rate, `${where}.shippingRate`, rate.value === undefined ? 'maxValue' : 'value', 'required', isAmount)
      this.field(rate, `${where}.shippingRate`, 'currency', 'required', (value) => value === currency)
    }
    for (const part of ['handlingTime', 'transitTime']) {
      const path = `deliveryTime.${part}`
      if (!this.field(node, where, path, 'recommended', isNode)) continue
      const range = at(node, path) as Node
      const ok =
        isCount(range.minValue) &&
        isCount(range.maxValue) &&
        (range.minValue as number) <= (range.maxValue as number) &&
        (range.unitCode === 'DAY' || range.unitCode === 'd')
      if (!ok) this.fail(`${where}.${path}`, `malformed ${JSON.stringify(range)}`)
    }
  }

  returns(node: Node, where: string) {
    this.field(node, where, 'applicableCountry', 'required', isCountries)
    if (!this.field(node, where, 'returnPolicyCategory', 'required', among(RETURN_CATEGORY))) return
    const category = String(node.returnPolicyCategory).replace(SCHEMA, '')
    if (category === 'MerchantReturnNotPermitted') return
    if (category === 'MerchantReturnFiniteReturnWindow') {
      this.field(node, where, 'merchantReturnDays', 'required', (value) => isCount(value) && (value as number) > 0)
    }
    this.field(node, where, 'returnMethod', 'recommended', among(RETURN_METHOD))
    this.field(node, where, 'returnFees', 'recommended', among(RETURN_FEES))
    if (String(node.returnFees).endsWith('ReturnShippingFees')) {
      this.field(node, where, 'returnShippingFeesAmount', 'required', isNode)
    }
    this.field(node, where, 'returnPolicyCountry', 'recommended', isCountries)
  }

  organization(node: Node, where: string) {
    this.field(node, where, 'name', 'recommended')
    this.field(node, where, 'url', 'recommended', isAbsoluteUrl)
    this.field(node, where, 'logo', 'recommended', isUrlOrImage)
    this.field(node, where, 'description', 'recommended')
    if (node.sameAs !== undefined) this.field(node, where, 'sameAs', 'recommended', isUrls)
  }

  webSite(node: Node, where: string) {
    this.field(node, where, 'name', 'required')
    this.field(node, where, 'url', 'required', isAbsoluteUrl)
    const action = node.potentialAction
    if (action === undefined) return
    const place = `${where}.potentialAction`
    if (!isNode(action)) return this.fail(place, 'not an object')
    this.field(action, place, '@type', 'required', (value) => value === 'SearchAction')
    const template = isNode(action.target) ? action.target.urlTemplate : action.target
    const input = /^required name=([A-Za-z_]+)$/.exec(String(action['query-input']))
    if (!input) return this.fail(place, `query-input malformed: ${JSON.stringify(action['query-input'])}`)
    if (!(isAbsoluteUrl(template) && String(template).includes(`{${input[1]}}`))) {
      this.fail(place, `target must be an absolute URL holding {${input[1]}}: ${JSON.stringify(template)}`)
    }
  }

  store(node: Node, where: string) {
    this.field(node, where, 'name', 'required')
    this.field(node, where, 'address', 'required', isNode)
    this.field(node, where, 'address.streetAddress', 'required')
    this.field(node, where, 'address.addressLocality', 'required')
    this.field(node, where, 'address.addressCountry', 'required', isCountry)
    this.field(node, where, 'address.postalCode', 'recommended')
    this.field(node, where, 'geo.latitude', 'recommended', inRange(-90, 90))
    this.field(node, where, 'geo.longitude', 'recommended', inRange(-180, 180))
    this.field(node, where, 'telephone', 'recommended', isPhone)
    this.field(node, where, 'url', 'recommended', isAbsoluteUrl)
    const hours = this.field(node, where, 'openingHoursSpecification', 'recommended', (value) => list(value).length > 0)
    if (!hours) return
    list(node.openingHoursSpecification).forEach((spec, index) => {
      const place = `${where}.openingHoursSpecification[${index}]`
      if (!isNode(spec)) return this.fail(place, 'not an object')
      this.field(
        spec,
        place,
        'dayOfWeek',
        'required',
        (value) => list(value).length > 0 && list(value).every(among(DAYS)),
      )
      this.field(spec, place, 'opens', 'required', isTime)
      this.field(spec, place, 'closes', 'required', isTime)
    })
  }

  breadcrumbs(node: Node, where: string) {
    const items = list(node.itemListElement)
    if (items.length === 0) return this.fail(where, 'itemListElement: missing (required)')
    items.forEach((item, index) => {
      const place = `${where}.itemListElement[${index}]`
      if (!isNode(item)) return this.fail(place, 'not an object')
      this.field(item, place, 'position', 'required', (value) => value === index + 1)
      this.field(item, place, 'name', 'required')
      // Google: the last crumb may go without its URL.
      if (index < items.length - 1 || item.item !== undefined)
        this.field(item, place, 'item', 'required', isAbsoluteUrl)
    })
  }

  itemList(node: Node, where: string) {
    list(node.itemListElement).forEach((item, index) => {
      const place = `${where}.itemListElement[${index}]`
      if (!isNode(item)) return this.fail(place, 'not an object')
      this.field(item, place, 'position', 'required', (value) => value === index + 1)
      this.field(item, place, 'url', 'required', isAbsoluteUrl)
    })
  }
}

/** What is missing or malformed in one JSON-LD document (object, array or @graph); empty when all is there. */
export function checkStructuredData(data: unknown): string[] {
  const checker = new Checker()
  checker.any(data, '$')
  return checker.problems
}

/** Every `<script type="application/ld+json">` of an HTML page, parsed (a script that is not JSON throws). */
export function jsonLdOfHtml(html: string): unknown[] {
  const scripts = html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)
  return [...scripts].map((match) => JSON.parse(match[1] ?? '') as unknown)
}

/** The @type of every node of a document, nested ones included (to ask "is there a Store?"). */
export function typesIn(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(typesIn)
  if (!isNode(data)) return []
  return [...typeOf(data), ...Object.values(data).flatMap(typesIn)]
}
