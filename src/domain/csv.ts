import { z } from 'zod'
import { GENDERS, PRODUCT_STATUSES, PRODUCT_TAGS, type Gender, type ProductStatus, type ProductTag } from './catalog'
import { isValidGtin } from './gtin'
import {
  MAX_SKU,
  SKU_PATTERN,
  SLUG_PATTERN,
  MAX_SLUG,
  PRODUCT_SIZE_PATTERN,
  COLOUR_HEX_PATTERN,
} from './product-editor'
import { STOCK_QUANTITY_MAX } from './stock'

/**
 * CSV import and export in the back office (issue 32 item 7, decision 199). Each kind's columns are defined once here
 * and shared by the export (which writes them) and the import (which reads them back): an exported file imports back
 * unchanged. Pure, so the back office's screen, the admin API and the unit tests read the same lists.
 */

export const CSV_KINDS = ['products', 'stock', 'prices', 'orders'] as const
export type CsvKind = (typeof CSV_KINDS)[number]
/** Orders are exported only. */
export const CSV_IMPORT_KINDS = ['products', 'stock', 'prices'] as const
export type CsvImportKind = (typeof CSV_IMPORT_KINDS)[number]

/** The most data rows an import takes (the header not counted), and the largest file (bytes). */
export const CSV_MAX_ROWS = 20_000
export const CSV_MAX_BYTES = 10 * 1024 * 1024
/** How many bad rows a dry run's answer lists (the downloadable report has them all). */
export const CSV_REPORT_SHOWN = 100
/** Rows read from the database per page of an export. */
export const CSV_EXPORT_PAGE = 500

/**
 * The columns of each kind, in the file's order. A `readOnly` column is written by the export for people to read
 * (a name next to a SKU) and may be left out of an import, whose value it ignores; every other column must be there.
 */
export const CSV_COLUMNS = {
  products: [
    'family_id',
    'colour_id',
    'colour_slug',
    'colour_th',
    'colour_en',
    'colour_hex',
    'size',
    'sku',
    'barcode',
    'name_th',
    'name_en',
    'category',
    'gender',
    'tags',
    'status',
    'price_thb',
    'price_usd',
  ],
  stock: ['location', 'sku', 'family_id', 'name_en', 'colour_en', 'size', 'quantity', 'low_stock_threshold'],
  prices: [
    'product_id',
    'family_id',
    'name_en',
    'colour_en',
    'price_thb',
    'price_usd',
    'compare_at_thb',
    'compare_at_usd',
  ],
  orders: [
    'number',
    'placed_at',
    'status',
    'currency',
    'items',
    'subtotal',
    'discount',
    'shipping_fee',
    'total',
    'payment_method',
    'shipping_method',
    'promotion_code',
    'email',
    'customer',
  ],
} as const satisfies Record<CsvKind, readonly string[]>

export const CSV_READ_ONLY: Record<CsvImportKind, readonly string[]> = {
  products: ['colour_id'],
  stock: ['family_id', 'name_en', 'colour_en', 'size'],
  prices: ['family_id', 'name_en', 'colour_en'],
}

/** The orders' columns that hold a shopper's personal data: exported only for a role with `members:read`. */
export const CSV_PERSONAL_COLUMNS: readonly string[] = ['email', 'customer']

export type CsvColumn<K extends CsvKind> = (typeof CSV_COLUMNS)[K][number]

/** Tags in one cell, separated by `|` (a comma would need quoting in every spreadsheet). */
export const CSV_LIST_SEPARATOR = '|'

/** A header's problems: columns required and missing, columns not of this kind, columns twice. */
export function headerProblems(kind: CsvImportKind, header: readonly string[]) {
  const columns: readonly string[] = CSV_COLUMNS[kind]
  const names = header.map((name) => name.trim().toLowerCase())
  const readOnly = CSV_READ_ONLY[kind]
  return {
    missing: columns.filter((column) => !readOnly.includes(column) && !names.includes(column)),
    unknown: names.filter((name) => !columns.includes(name)),
    twice: names.filter((name, index) => names.indexOf(name) !== index),
  }
}

// ── amounts ────────────────────────────────────────────────────────────────────────────────────

/** An amount in minor units (satang, cents) as the file writes it: baht or dollars with two decimals. */
export function formatAmount(minor: number | null): string {
  return minor === null ? '' : (minor / 100).toFixed(2)
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/

/** An amount of the file (`1290`, `1290.5`, `1290.00`) in minor units. */
export function parseAmount(text: string): number | null {
  const value = text.trim().replace(/,/g, '')
  if (!AMOUNT.test(value)) return null
  const [whole = '0', fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

// ── row schemas: each cell's code of problem is the zod message ─────────────────────────────────

/** Why a cell is refused; the staff read the message of each (CSV_PROBLEM_MESSAGES) in their language. */
export const CSV_PROBLEMS = [
  'required',
  'too_long',
  'not_slug',
  'not_hex',
  'not_size',
  'not_sku',
  'not_gtin',
  'not_amount',
  'not_whole',
  'negative',
  'too_large',
  'not_positive',
  'compare_at_not_above',
  'unknown_category',
  'unknown_gender',
  'unknown_tag',
  'unknown_status',
  'unknown_location',
  'unknown_sku',
  'unknown_product',
  'duplicate',
  'differs',
  'sku_elsewhere',
  'sku_fixed',
  'barcode_taken',
  'colour_id',
  'scheduled',
  'price_file',
  'invalid',
] as const
export type CsvProblem = (typeof CSV_PROBLEMS)[number]

export const CSV_PROBLEM_MESSAGES: Record<CsvProblem, { th: string; en: string }> = {
  required: { th: 'ต้องกรอกช่องนี้', en: 'This cell is required' },
  too_long: { th: 'ข้อความยาวเกินไป', en: 'Too long' },
  not_slug: {
    th: 'ใช้ได้เฉพาะตัวพิมพ์เล็ก a–z ตัวเลข และขีดกลาง',
    en: 'Only lower-case letters a–z, digits and hyphens',
  },
  not_hex: { th: 'สีต้องเป็นรหัสแบบ #RRGGBB', en: 'A colour is #RRGGBB' },
  not_size: { th: 'ไซซ์ต้องเป็นตัวอักษรหรือตัวเลข ไม่เกิน 6 ตัว', en: 'A size is 1 to 6 letters or digits' },
  not_sku: {
    th: 'SKU ใช้ได้เฉพาะตัวพิมพ์ใหญ่ ตัวเลข จุด และขีดกลาง',
    en: 'A SKU is capitals, digits, dots and hyphens',
  },
  not_gtin: { th: 'บาร์โค้ดไม่ใช่ GTIN หรือเลขตรวจสอบไม่ถูกต้อง', en: 'Not a GTIN, or its check digit is wrong' },
  not_amount: { th: 'จำนวนเงินต้องเป็นตัวเลข เช่น 1290.00', en: 'An amount is a number such as 1290.00' },
  not_whole: { th: 'ต้องเป็นจำนวนเต็ม', en: 'A whole number' },
  negative: { th: 'ต้องไม่ติดลบ', en: 'Cannot be below zero' },
  too_large: { th: 'ตัวเลขมากเกินไป', en: 'Too large' },
  not_positive: { th: 'ราคาต้องมากกว่าศูนย์', en: 'A price is more than zero' },
  compare_at_not_above: {
    th: 'ราคาเดิมต้องสูงกว่าราคาขาย',
    en: 'The old price must be above the price',
  },
  unknown_category: { th: 'ไม่มีหมวดหมู่นี้', en: 'No such category' },
  unknown_gender: { th: 'ใช้ men, women หรือ unisex', en: 'Use men, women or unisex' },
  unknown_tag: { th: 'ไม่มีแท็กนี้ (sale, club, mix_match, new)', en: 'No such tag (sale, club, mix_match, new)' },
  unknown_status: {
    th: 'ใช้ draft, published หรือ unpublished',
    en: 'Use draft, published or unpublished',
  },
  unknown_location: { th: 'ไม่มีสถานที่เก็บสินค้านี้', en: 'No such location' },
  unknown_sku: { th: 'ไม่มี SKU นี้', en: 'No such SKU' },
  unknown_product: { th: 'ไม่มีสินค้านี้', en: 'No such product' },
  duplicate: { th: 'ซ้ำกับแถวก่อนหน้าในไฟล์', en: 'The same as an earlier row of the file' },
  differs: {
    th: 'ไม่ตรงกับแถวแรกของรุ่นหรือสีเดียวกันในไฟล์',
    en: 'Differs from the first row of the same model or colour',
  },
  sku_elsewhere: { th: 'SKU นี้เป็นของสินค้าหรือไซซ์อื่น', en: 'This SKU belongs to another product or size' },
  sku_fixed: {
    th: 'ไซซ์นี้มี SKU อื่นอยู่แล้ว และเปลี่ยน SKU ไม่ได้',
    en: 'This size has another SKU, which cannot change',
  },
  barcode_taken: { th: 'บาร์โค้ดนี้มีสินค้าอื่นใช้อยู่แล้ว', en: 'Another size has this barcode' },
  colour_id: {
    th: 'รหัสสีไม่ตรงกับสีนี้ (เว้นว่างไว้สำหรับสีใหม่)',
    en: 'Not this colour’s id (leave it empty for a new colour)',
  },
  scheduled: {
    th: 'ตั้งเวลาเผยแพร่ได้ในหน้าแก้ไขสินค้าเท่านั้น',
    en: 'Schedule a model in the product editor',
  },
  price_file: {
    th: 'ราคาของสีที่มีอยู่แล้วเปลี่ยนได้ด้วยไฟล์ราคาเท่านั้น',
    en: 'An existing colour’s price changes through the prices file',
  },
  invalid: { th: 'ค่าไม่ถูกต้อง', en: 'Not valid' },
}

export function problemMessage(problem: string, language: 'th' | 'en'): string {
  return (CSV_PROBLEM_MESSAGES as Record<string, { th: string; en: string }>)[problem]?.[language] ?? problem
}

const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long')
const slug = z.string().trim().min(1, 'required').max(MAX_SLUG, 'too_long').regex(SLUG_PATTERN, 'not_slug')
const sku = z.string().trim().toUpperCase().min(1, 'required').max(MAX_SKU, 'too_long').regex(SKU_PATTERN, 'not_sku')
const amount = z
  .string()
  .trim()
  .min(1, 'required')
  .transform((value, context) => {
    const parsed = parseAmount(value)
    if (parsed === null) {
      context.addIssue({ code: 'custom', message: 'not_amount' })
      return z.NEVER
    }
    return parsed
  })
const optionalAmount = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '') return null
    const parsed = parseAmount(value)
    if (parsed === null) {
      context.addIssue({ code: 'custom', message: 'not_amount' })
      return z.NEVER
    }
    return parsed
  })
const count = z
  .string()
  .trim()
  .min(1, 'required')
  .transform((value, context) => {
    if (!/^-?\d+$/.test(value)) {
      context.addIssue({ code: 'custom', message: 'not_whole' })
      return z.NEVER
    }
    const number = Number(value)
    if (number < 0) {
      context.addIssue({ code: 'custom', message: 'negative' })
      return z.NEVER
    }
    if (number > STOCK_QUANTITY_MAX) {
      context.addIssue({ code: 'custom', message: 'too_large' })
      return z.NEVER
    }
    return number
  })
const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? '')

export const productRowSchema = z.object({
  family_id: slug,
  colour_id: optional,
  colour_slug: slug,
  colour_th: text(100),
  colour_en: text(100),
  colour_hex: z
    .string()
    .trim()
    .regex(COLOUR_HEX_PATTERN, 'not_hex')
    .transform((value) => value.toLowerCase()),
  size: z.string().trim().regex(PRODUCT_SIZE_PATTERN, 'not_size'),
  sku,
  barcode: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidGtin(value), 'not_gtin')
    .transform((value) => (value === '' ? null : value)),
  name_th: text(200),
  name_en: text(200),
  category: slug,
  gender: z
    .string()
    .trim()
    .refine((value): value is Gender => (GENDERS as readonly string[]).includes(value), 'unknown_gender'),
  tags: z
    .string()
    .trim()
    .transform((value, context) => {
      const tags = value === '' ? [] : value.split(CSV_LIST_SEPARATOR).map((tag) => tag.trim())
      if (tags.some((tag) => !(PRODUCT_TAGS as readonly string[]).includes(tag))) {
        context.addIssue({ code: 'custom', message: 'unknown_tag' })
        return z.NEVER
      }
      return [...new Set(tags as ProductTag[])].toSorted()
    }),
  status: z
    .string()
    .trim()
    .refine(
      (value): value is ProductStatus => (PRODUCT_STATUSES as readonly string[]).includes(value),
      'unknown_status',
    ),
  price_thb: amount,
  price_usd: amount,
})
export type ProductCsvRow = z.output<typeof productRowSchema> & { gender: Gender; status: ProductStatus }

export const stockRowSchema = z.object({
  location: text(100),
  sku,
  quantity: count,
  low_stock_threshold: count,
})
export type StockCsvRow = z.output<typeof stockRowSchema>

export const priceRowSchema = z.object({
  product_id: text(120),
  price_thb: amount,
  price_usd: amount,
  compare_at_thb: optionalAmount,
  compare_at_usd: optionalAmount,
})
export type PriceCsvRow = z.output<typeof priceRowSchema>

export const CSV_ROW_SCHEMAS = { products: productRowSchema, stock: stockRowSchema, prices: priceRowSchema } as const

/** A bad cell of a file: its row as a spreadsheet numbers it (the header is row 1), column, value and problem. */
export type CsvRowError = { row: number; column: string; value: string; problem: string }

/**
 * A row's cells by column checked against its kind's schema: the typed row, or each bad cell (the first problem of
 * each column).
 */
export function checkRow<K extends CsvImportKind>(
  kind: K,
  cells: Record<string, string>,
  row: number,
): { ok: true; value: z.output<(typeof CSV_ROW_SCHEMAS)[K]> } | { ok: false; errors: CsvRowError[] } {
  const result = CSV_ROW_SCHEMAS[kind].safeParse(cells)
  if (result.success) return { ok: true, value: result.data as z.output<(typeof CSV_ROW_SCHEMAS)[K]> }
  const errors: CsvRowError[] = []
  for (const issue of result.error.issues) {
    const column = String(issue.path[0] ?? '')
    if (errors.some((error) => error.column === column)) continue
    const problem = (CSV_PROBLEMS as readonly string[]).includes(issue.message) ? issue.message : 'invalid'
    errors.push({ row, column, value: cells[column] ?? '', problem })
  }
  return { ok: false, errors }
}

/** The name of an export's file: `products-2026-11-28.csv`. */
export function csvFileName(kind: CsvKind, at: Date): string {
  return `${kind}-${at.toISOString().slice(0, 10)}.csv`
}
