import type { CatalogImage } from '~/db/schema'
import type { CurrencyCode, Lang } from '~/contract/catalog'

/** The text of a row in the asked language. */
export function pick<T>(lang: Lang, th: T, en: T): T {
  return lang === 'th' ? th : en
}

export function imageWire(image: CatalogImage, lang: Lang) {
  const wire = { path: image.path, width: image.width, height: image.height, alt: pick(lang, image.altTh, image.altEn) }
  return image.focal ? { ...wire, focal: { x: image.focal.x, y: image.focal.y } } : wire
}

export function money(amount: number, currency: CurrencyCode) {
  return { amount, currency }
}

/** A link that opens the store in a map application, from its coordinates. */
export function mapUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)},${longitude.toFixed(6)}`
}
