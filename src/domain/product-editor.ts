import { isValidGtin } from './gtin'
import type { ProductTag } from './catalog'

/**
 * The back office's model editor (issue 32 item 1, decision 195): pure rules that the admin API checks and the form
 * shows before sending. A model (a family, decision 019) is one row per colour; its first colour's id is the family
 * id, the others' `${familyId}-${colourSlug}`, and a size's SKU is `${colourId}-${size}` in capitals (as the seed's).
 */

/** A slug: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const MAX_SLUG = 80
/** A SKU: capitals, digits, dots and hyphens, starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9.-]*$/
export const MAX_SKU = 64
/** A size as the shop filters it (routing/search-params' SIZE_PATTERN). */
export const PRODUCT_SIZE_PATTERN = /^[A-Za-z0-9.]{1,6}$/
export const COLOUR_HEX_PATTERN = /^#[0-9a-fA-F]{6}$/

/** A slug from a name: Latin letters and digits kept, everything else a hyphen (Thai names give an empty slug). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '')
}

/** The id of a model's colour: the family id for its first colour, `${familyId}-${colourSlug}` for the others. */
export function colourIdOf(familyId: string, colourSlug: string, position: number): string {
  return position === 0 ? familyId : `${familyId}-${colourSlug}`
}

/** The SKU a size of a colour gets unless staff type another: `${colourId}-${size}` in capitals. */
export function skuFor(colourId: string, size: string): string {
  return `${colourId}-${size}`
    .toUpperCase()
    .replace(/[^A-Z0-9.-]+/g, '-')
    .slice(0, MAX_SKU)
}

/** Whether a SKU is well formed (its uniqueness is the database's). */
export function isValidSku(sku: string): boolean {
  return sku.length <= MAX_SKU && SKU_PATTERN.test(sku)
}

/** Whether a barcode is a GTIN-8, -12, -13 or -14 whose check digit is right (GS1, src/seo/gtin.ts). */
export function isValidBarcode(barcode: string): boolean {
  return isValidGtin(barcode)
}

/** What each tag makes the shop do, and where the spec says so: shown next to the tag in the editor. */
export const TAG_RULES: Readonly<Record<ProductTag, { section: string; en: string; th: string }>> = {
  sale: {
    section: '§2, §9',
    en: 'Listed under Special price with the old price struck through; NEW200 and member codes do not apply; no returns; delivery in Thailand is 50 THB under 500 THB',
    th: 'แสดงในหมวดราคาพิเศษพร้อมราคาเดิมขีดฆ่า ใช้โค้ด NEW200 และโค้ดสมาชิกไม่ได้ คืนสินค้าไม่ได้ ส่งในไทยคิด 50 บาทเมื่อยอดต่ำกว่า 500 บาท',
  },
  club: {
    section: '§6, §9',
    en: 'A club piece: member tier codes do not work on it; delivery in Thailand is 50 THB',
    th: 'สินค้าคลับ: ใช้โค้ดส่วนลดระดับสมาชิกไม่ได้ ส่งในไทยคิด 50 บาท',
  },
  mix_match: {
    section: '§9',
    en: 'Mix-and-match: 3 or 5 different tagged pieces together take the bundle price',
    th: 'มิกซ์แอนด์แมตช์: ซื้อสินค้าที่ติดแท็กต่างกัน 3 หรือ 5 ชิ้นได้ราคาชุด',
  },
  new: {
    section: '§2',
    en: 'Shown among the new arrivals',
    th: 'แสดงในสินค้ามาใหม่',
  },
}
