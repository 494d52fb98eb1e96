import type { BootState } from '~/boot-state'
import { BRAND_NAME } from '~/brand'
import type { ProductDetail, ProductSummary, Store } from '~/catalog/types'
import { LOCALES } from '~/i18n/locales'
import { imageUrl } from '~/images/image-url'
import { productLink, refOf } from '~/catalog/product-link'
import { routeUrl, type RouteTarget } from '~/routing/links'
import { bootSite } from '~/routing/location-links'
import { gtin13 } from './gtin'
import { dayOfWeek, majorAmount, returnPoliciesLd, shippingDetailsLd, type OfferItem } from './merchant-policies'
import { LOGO_IMAGE } from './share'
import { DOMESTIC_COUNTRY } from '~/domain/shipping'

/**
 * Structured data (schema.org JSON-LD) for Google's documented features: merchant listings with product variants,
 * Organization and WebSite on home, a Store per shop on /stores, breadcrumbs and listings. The builders return
 * plain objects and take only what the page shows to everyone (decision 027: pages are shared).
 * src/seo/structured-data-check.ts lists the fields Google requires and recommends; the tests hold both together.
 */

/** A step of a breadcrumb trail: its name and a typed link to its page. */
export type Crumb = { name: string; link: RouteTarget }

type JsonLd = Record<string, unknown>

const SCHEMA = 'https://schema.org/'

/** JSON for a <script type="application/ld+json">: '<' escaped so that it can never close the script. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

/** The absolute URL of a page in the page's language (the typed links of decision 034). */
function absolute(boot: BootState, target: RouteTarget): string {
  return routeUrl(target, bootSite(boot))
}

/** A catalog image as an absolute JPEG URL, 1200 wide (Google: at least 50 000 pixels; large images preferred). */
function catalogImage(boot: BootState, path: string): string {
  return `${boot.config.siteUrl}${imageUrl(path, { format: 'jpeg', width: 1200 })}`
}

export function breadcrumbLd(crumbs: Crumb[], boot: BootState): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(boot, crumb.link),
    })),
  }
}

export function breadcrumbJsonLd(crumbs: Crumb[], boot: BootState): string {
  return serializeJsonLd(breadcrumbLd(crumbs, boot))
}

export function itemListJsonLd(products: ProductSummary[], boot: BootState): string {
  return serializeJsonLd({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absolute(boot, productLink(refOf(product))),
      name: product.name,
    })),
  })
}

function availability(variant: ProductDetail['variants'][number]): string {
  if (variant.availableOnline) return `${SCHEMA}InStock`
  return variant.availableInStore ? `${SCHEMA}InStoreOnly` : `${SCHEMA}OutOfStock`
}

/**
 * Google's sale price: `price` is what the shopper pays; the price before the sale is a `priceSpecification` of type
 * StrikethroughPrice (merchant listings, "Pricing").
 */
function priceFields(product: ProductDetail): JsonLd {
  const { price, compareAtPrice } = product
  const currency = price.currency.toUpperCase()
  const fields: JsonLd = { price: majorAmount(price.amount, price.currency), priceCurrency: currency }
  if (compareAtPrice && compareAtPrice.currency === price.currency && compareAtPrice.amount > price.amount) {
    fields.priceSpecification = {
      '@type': 'UnitPriceSpecification',
      priceType: `${SCHEMA}StrikethroughPrice`,
      price: majorAmount(compareAtPrice.amount, compareAtPrice.currency),
      priceCurrency: currency,
    }
  }
  return fields
}

export type ProductLabels = {
  /** The words for the size 'OS' (one size), in the page's language. */
  oneSize: string
}

/**
 * A product family as Google's product variants want it: a ProductGroup (the family) whose variants are the sizes
 * of the colour this page shows, each a Product with its SKU, GTIN-13, size, colour, pictures and an Offer at the
 * page's price (the sale price, with the price before it struck through), its delivery and its returns. The other
 * colours have pages of their own: they are named by URL (Google's "multi-page" form). A family of one colour in one
 * size is a plain Product.
 */
export function productGroupLd(product: ProductDetail, boot: BootState, labels: ProductLabels): JsonLd {
  const images = product.images.map((image) => catalogImage(boot, image.path))
  const ref = refOf(product)
  const returnsPage = absolute(boot, { to: '/delivery' })
  const sizeName = (size: string) => (size === 'OS' ? labels.oneSize : size)
  const brand = { '@type': 'Brand', name: BRAND_NAME }

  const variantLd = (variant: ProductDetail['variants'][number]): JsonLd => {
    const url = absolute(boot, productLink(ref, variant.size))
    const item: OfferItem = {
      sku: variant.sku,
      category: product.category.slug,
      tags: product.tags,
      unitPrice: product.price.amount,
      currency: product.price.currency,
      domesticOnly: product.domesticOnly,
    }
    const gtin = variant.barcode === null ? null : gtin13(variant.barcode)
    return {
      '@type': 'Product',
      '@id': url,
      name: `${product.name} (${product.color.name}, ${sizeName(variant.size)})`,
      sku: variant.sku,
      ...(gtin ? { gtin13: gtin } : {}),
      size: sizeName(variant.size),
      color: product.color.name,
      image: images,
      brand,
      inProductGroupWithID: product.familyId,
      offers: {
        '@type': 'Offer',
        url,
        ...priceFields(product),
        availability: availability(variant),
        itemCondition: `${SCHEMA}NewCondition`,
        shippingDetails: shippingDetailsLd(item),
        hasMerchantReturnPolicy: returnPoliciesLd(item, returnsPage),
      },
    }
  }

  const variants = product.variants.map(variantLd)
  const otherColours = product.colors.filter((color) => color.productId !== product.id)
  const single = variants[0]
  if (otherColours.length === 0 && variants.length === 1 && single) {
    // Nothing varies: one Product, with what a group would have carried for it.
    const alone: JsonLd = {
      '@context': 'https://schema.org',
      ...single,
      name: product.name,
      description: product.description,
      material: product.material,
    }
    delete alone.inProductGroupWithID
    return alone
  }
  const variesBy = [
    ...(product.colors.some((color) => color.sizes.length > 1) || variants.length > 1 ? [`${SCHEMA}size`] : []),
    ...(product.colors.length > 1 ? [`${SCHEMA}color`] : []),
  ]
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    '@id': absolute(boot, { to: '/product/$id', params: { id: product.familyId } }),
    productGroupID: product.familyId,
    name: product.name,
    description: product.description,
    url: absolute(boot, { to: '/product/$id', params: { id: product.familyId } }),
    brand,
    image: images,
    category: product.category.name,
    material: product.material,
    variesBy,
    hasVariant: [
      ...variants,
      ...otherColours.map((color) => ({
        '@type': 'Product',
        url: absolute(boot, productLink({ id: color.productId, familyId: product.familyId, colorSlug: color.slug })),
      })),
    ],
  }
}

/** The line above, serialised for the page. */
export function productJsonLd(product: ProductDetail, boot: BootState, labels: ProductLabels): string {
  return serializeJsonLd(productGroupLd(product, boot, labels))
}

/** The brand's LINE Official Account, when configured: its public add-friend page (LINE's documented URL). */
function lineAccountUrl(boot: BootState): string | null {
  const id = boot.config.lineOfficialAccount
  return id ? `https://line.me/R/ti/p/${encodeURIComponent(id)}` : null
}

/** The shop as an Organization (home): name, home page, logo, description and the profiles it is known by. */
export function organizationLd(boot: BootState, description: string): JsonLd {
  const site = boot.config.siteUrl
  const sameAs = [lineAccountUrl(boot)].filter((url): url is string => url !== null)
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${site}/#organization`,
    name: BRAND_NAME,
    url: `${site}/`,
    logo: {
      '@type': 'ImageObject',
      url: `${site}${LOGO_IMAGE.path}`,
      width: LOGO_IMAGE.width,
      height: LOGO_IMAGE.height,
    },
    description,
    ...(sameAs.length > 0 ? { sameAs } : {}),
  }
}

/** The site (home): its name and a SearchAction that opens the search page of the page's language. */
export function webSiteLd(boot: BootState): JsonLd {
  const site = boot.config.siteUrl
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${site}/#website`,
    name: BRAND_NAME,
    url: `${site}/`,
    inLanguage: LOCALES[boot.locale].iso,
    publisher: { '@id': `${site}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absolute(boot, { to: '/search' })}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}

/** Thai numbers as written in Thailand (02-129-4410) in the international form Google asks for (+66-2-129-4410). */
const THAILAND_CALLING_CODE = '66'
export function internationalPhone(phone: string): string {
  const text = phone.trim()
  if (text.startsWith('+')) return text
  return /^0\d/.test(text) ? `+${THAILAND_CALLING_CODE}-${text.slice(1)}` : text
}

/** Opening hours grouped by identical times, Monday first (a day without an entry is closed). */
function openingHours(hours: Store['hours']) {
  const groups = new Map<string, { opens: string; closes: string; days: number[] }>()
  for (const day of [1, 2, 3, 4, 5, 6, 0]) {
    const entry = hours.find((item) => item.day === day)
    if (!entry) continue
    const key = `${entry.opens}-${entry.closes}`
    const group = groups.get(key) ?? { opens: entry.opens, closes: entry.closes, days: [] }
    group.days.push(day)
    groups.set(key, group)
  }
  return [...groups.values()].map((group) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: group.days.map(dayOfWeek),
    opens: group.opens,
    closes: group.closes,
  }))
}

/** The id of a store's entry on /stores (its card's id), which is also its URL's fragment. */
export function storeAnchor(store: Pick<Store, 'id'>): string {
  return `store-${store.id}`
}

/**
 * A shop as a Store (Google's local business): name, postal address (the postcode is the Thai address's last five
 * digits), coordinates, opening hours and telephone; its URL is its card on /stores.
 */
export function storeLd(store: Store, boot: BootState): JsonLd {
  const url = absolute(boot, { to: '/stores', hash: storeAnchor(store) })
  const postcode = /\s*(\d{5})\s*$/.exec(store.address)
  const street = postcode ? store.address.slice(0, postcode.index).replace(/[\s,]+$/, '') : store.address
  return {
    '@type': 'Store',
    '@id': url,
    name: `${BRAND_NAME} ${store.name}`,
    url,
    telephone: internationalPhone(store.phone),
    address: {
      '@type': 'PostalAddress',
      streetAddress: street,
      addressLocality: store.city,
      ...(postcode?.[1] ? { postalCode: postcode[1] } : {}),
      addressCountry: DOMESTIC_COUNTRY,
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
    openingHoursSpecification: openingHours(store.hours),
    brand: { '@type': 'Brand', name: BRAND_NAME },
    hasMap: store.mapUrl,
  }
}

/** Every store of /stores in one graph. */
export function storesLd(stores: readonly Store[], boot: BootState): JsonLd {
  return { '@context': 'https://schema.org', '@graph': stores.map((store) => storeLd(store, boot)) }
}
