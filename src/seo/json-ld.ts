import type { BootState } from '~/boot-state'
import { BRAND_NAME } from '~/brand'
import type { ProductDetail, ProductSummary } from '~/catalog/types'
import { MINOR_UNITS } from '~/domain/money'
import { imageUrl } from '~/images/image-url'
import { localizePath } from '~/i18n/paths'
import { productPath, refOf } from '~/catalog/product-link'

export type Crumb = { name: string; path: string }

/** JSON for a <script type="application/ld+json">: '<' escaped so that it can never close the script. */
function serialize(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

function absolute(boot: BootState, internalPath: string): string {
  const paths = { strategy: boot.config.languageStrategy, defaultLocale: boot.defaultLocale }
  return `${boot.config.siteUrl}${localizePath(internalPath, boot.locale, paths)}`
}

function decimal(amount: number, currency: 'thb' | 'usd'): string {
  return (amount / MINOR_UNITS[currency]).toFixed(2)
}

export function breadcrumbJsonLd(crumbs: Crumb[], boot: BootState): string {
  return serialize({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(boot, crumb.path),
    })),
  })
}

export function itemListJsonLd(products: ProductSummary[], boot: BootState): string {
  return serialize({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absolute(boot, productPath(refOf(product))),
      name: product.name,
    })),
  })
}

/** schema.org Product with one offer in the page's currency and its availability. */
export function productJsonLd(product: ProductDetail, boot: BootState): string {
  const availability = product.availableOnline
    ? 'https://schema.org/InStock'
    : product.availableInStore
      ? 'https://schema.org/InStoreOnly'
      : 'https://schema.org/OutOfStock'
  // The shown colour: its own URL (the family's page with its colour), SKU and pictures.
  const url = absolute(boot, productPath(refOf(product)))
  return serialize({
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    description: product.description,
    sku: product.id,
    inProductGroupWithID: product.familyId,
    color: product.color.name,
    material: product.material,
    category: product.category.name,
    brand: { '@type': 'Brand', name: BRAND_NAME },
    image: product.images.map(
      (image) => `${boot.config.siteUrl}${imageUrl(image.path, { format: 'jpeg', width: 1200 })}`,
    ),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: product.price.currency.toUpperCase(),
      price: decimal(product.price.amount, product.price.currency),
      availability,
      itemCondition: 'https://schema.org/NewCondition',
    },
  })
}
