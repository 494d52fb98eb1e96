/**
 * The demo catalog of Atelier Siam: categories, products with variants, stores and store stock,
 * collections, editorials and product relations, as Drizzle insert rows.
 *
 * Pure and deterministic: every random choice comes from a seeded PRNG (mulberry32), so the same
 * options give the same catalog on every call. Generation is linear in the product count.
 *
 * This module imports nothing from the rest of the app that needs Vite (the category slugs come from a
 * module free of Lingui macros), so it also runs outside Vite,
 * where the Lingui macros of `~/catalog/categories` would throw.
 */
import { CATEGORY_SLUGS, type CategorySlug } from '~/catalog/category-slugs'
import type {
  CatalogImage,
  OpeningHours,
  RichBlock,
  SizeChart,
  categories,
  collectionProducts,
  collections,
  editorials,
  productRelations,
  products,
  storeStock,
  stores,
  variants,
} from '~/db/schema'
import type { Gender, ProductTag } from '~/domain/catalog'
import { isMixMatchPrice, mixMatchPriceRange } from '~/domain/mix-match'

export type DemoCatalog = {
  categories: Array<typeof categories.$inferInsert>
  products: Array<typeof products.$inferInsert>
  variants: Array<typeof variants.$inferInsert & { barcode: string }>
  stores: Array<typeof stores.$inferInsert>
  storeStock: Array<typeof storeStock.$inferInsert>
  collections: Array<typeof collections.$inferInsert>
  collectionProducts: Array<typeof collectionProducts.$inferInsert>
  editorials: Array<typeof editorials.$inferInsert>
  productRelations: Array<typeof productRelations.$inferInsert>
}

export type DemoExamples = {
  /** Every variant at 0 online and no store stock. */
  readonly soldOutProductId: string
  /** Every variant at 0 online, but some store stock. */
  readonly inStoreOnlyProductId: string
  /** One size sold out everywhere, the other sizes in stock online. */
  readonly partlySoldOutProductId: string
  readonly partlySoldOutSize: string
  /** A women's dress in sizes XS–XL, size M in stock online and at Siam Paragon. */
  readonly dressWithSizes: string
}

/**
 * Families placed at fixed ids: the first four families of every catalog (numbers 1001–1004), whatever
 * the seed, as long as productCount leaves room for them. Each id is the family id, which is also the
 * id of the family's first colour; the stock situation described is that of the first colour. Other
 * colours have ids `${familyId}-${colorSlug}`.
 */
export const DEMO_EXAMPLES: DemoExamples = {
  dressWithSizes: 'linen-wrap-dress-1001',
  soldOutProductId: 'cotton-poplin-shirt-1002',
  inStoreOnlyProductId: 'thai-silk-pleated-midi-skirt-1003',
  partlySoldOutProductId: 'linen-wide-leg-trousers-1004',
  partlySoldOutSize: 'M',
}

export const DEMO_DEFAULT_PRODUCT_COUNT = 320
export const DEMO_DEFAULT_SEED = 20261101

/** The catalog's "now": products are created over the 18 months before it. */
const CATALOG_END = Date.UTC(2026, 10, 1)
const CATALOG_START = Date.UTC(2025, 4, 1)
const FIRST_PRODUCT_NUMBER = 1001
const NEW_ARRIVALS = 30
const FIRST_BARCODE = 10001
const MIN_PRICE_BAHT = 590
const MAX_PRICE_BAHT = 8890
const BAHT_PER_DOLLAR = 33

// ---------------------------------------------------------------------------------------------
// Randomness

type Rng = () => number

/** mulberry32: a small, fast 32-bit PRNG; good enough for demo data. */
function mulberry32(seed: number): Rng {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(items: readonly T[], rng: Rng): T {
  const item = items[Math.floor(rng() * items.length)]
  if (item === undefined) throw new Error('demo catalog: pick from an empty list')
  return item
}

function randomInt(min: number, max: number, rng: Rng): number {
  return min + Math.floor(rng() * (max - min + 1))
}

/** One of the least used items (ties drawn at random): spreads a few picks over the whole list. */
function leastUsed<T>(items: readonly T[], uses: ReadonlyMap<T, number>, rng: Rng): T {
  const fewest = Math.min(...items.map((item) => uses.get(item) ?? 0))
  return pick(
    items.filter((item) => (uses.get(item) ?? 0) === fewest),
    rng,
  )
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    const a = items[i]
    const b = items[j]
    if (a === undefined || b === undefined) continue
    items[i] = b
    items[j] = a
  }
  return items
}

/** n items spread evenly over the list, from a random offset (the whole list when it is short). */
function spread<T>(items: readonly T[], n: number, rng: Rng): T[] {
  if (items.length <= n) return items.slice()
  const step = items.length / n
  const offset = rng() * step
  const out: T[] = []
  for (let j = 0; j < n; j++) {
    const item = items[Math.floor(offset + j * step)]
    if (item !== undefined) out.push(item)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** EAN-13: twelve digits plus the check digit (weights 1 and 3 from the left). */
function ean13(twelveDigits: string): string {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += (twelveDigits.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3)
  return twelveDigits + String((10 - (sum % 10)) % 10)
}

/** A shop price in baht: rounded to a whole hundred minus 10 (1,290), within the catalog's range. */
function shopPrice(baht: number): number {
  return Math.min(MAX_PRICE_BAHT, Math.max(MIN_PRICE_BAHT, Math.round(baht / 100) * 100 - 10))
}

function dollarsFor(baht: number): number {
  return Math.max(1, Math.round(baht / BAHT_PER_DOLLAR))
}

/**
 * §9 mix-and-match basics: the categories whose regular prices reach the range where every bundle of tagged pieces
 * is a believable saving (mixMatchPriceRange), so a tagged piece is priced like the other pieces of its category.
 */
function isMixMatchCategory(def: CategoryDef): boolean {
  return def.priceBaht[0] * 100 <= mixMatchPriceRange('thb').max
}

/**
 * The shelf price of a mix-and-match basic: the shop price point (…90 baht) nearest `baht` whose baht and dollar
 * prices are both in the mix-and-match range, so that 3 or 5 tagged pieces for the bundle price save a believable
 * share in either currency (issue 29: three dresses of ฿2,090–3,390 for ฿1,990 saved 77 %).
 */
function mixMatchShelfPrice(baht: number): number {
  const range = mixMatchPriceRange('thb')
  let best: number | null = null
  for (let hundreds = Math.ceil(range.min / 100_00); hundreds * 100_00 - 10_00 <= range.max; hundreds++) {
    const price = hundreds * 100 - 10
    if (!isMixMatchPrice('thb', price * 100) || !isMixMatchPrice('usd', dollarsFor(price) * 100)) continue
    if (best === null || Math.abs(price - baht) < Math.abs(best - baht)) best = price
  }
  if (best === null) throw new Error('demo catalog: no shop price fits the mix-and-match range')
  return best
}

// ---------------------------------------------------------------------------------------------
// Colours and materials

type ColorKey =
  | 'black'
  | 'white'
  | 'ivory'
  | 'sand'
  | 'camel'
  | 'olive'
  | 'navy'
  | 'indigo'
  | 'burgundy'
  | 'grey'
  | 'stone'
  | 'rose'
  | 'silver'
  | 'gold'

type ColorDef = { th: string; en: string; hex: string }

/** Twelve fabric colours, plus the two metal tones of jewelry. */
const COLORS: Record<ColorKey, ColorDef> = {
  black: { th: 'ดำ', en: 'Black', hex: '#111111' },
  white: { th: 'ขาว', en: 'White', hex: '#f5f5f0' },
  ivory: { th: 'งาช้าง', en: 'Ivory', hex: '#ece4d0' },
  sand: { th: 'ทราย', en: 'Sand', hex: '#d6c4a1' },
  camel: { th: 'น้ำตาลคาเมล', en: 'Camel', hex: '#b08150' },
  olive: { th: 'เขียวมะกอก', en: 'Olive', hex: '#6b6b3a' },
  navy: { th: 'กรมท่า', en: 'Navy', hex: '#1f2a44' },
  indigo: { th: 'คราม', en: 'Indigo', hex: '#2f3d73' },
  burgundy: { th: 'แดงเลือดหมู', en: 'Burgundy', hex: '#6d1f2b' },
  grey: { th: 'เทา', en: 'Grey', hex: '#8a8a8a' },
  stone: { th: 'เทาหิน', en: 'Stone', hex: '#b8b1a5' },
  rose: { th: 'ชมพูกุหลาบ', en: 'Rose', hex: '#d4a0a4' },
  silver: { th: 'เงิน', en: 'Silver', hex: '#c0c0c0' },
  gold: { th: 'ทอง', en: 'Gold', hex: '#c9a44c' },
}

type MaterialKey =
  | 'linen'
  | 'cotton'
  | 'handwoven-cotton'
  | 'thai-silk'
  | 'wool-blend'
  | 'denim'
  | 'leather'
  | 'canvas'
  | 'recycled-polyester'
  | 'sterling-silver'
  | 'brass'

type MaterialDef = {
  /** The material field. */
  th: string
  en: string
  /** In product names: "Linen Wrap Dress", "เดรสผ้าลินินทรงป้าย". */
  nameEn: string
  fabricTh: string
  /** Follows "cut from" / "ตัดเย็บจาก" in descriptions. */
  phraseEn: string
  phraseTh: string
  careEn: readonly string[]
  careTh: readonly string[]
  colors: readonly ColorKey[]
  priceFactor: number
}

const ALL_FABRIC_COLORS: readonly ColorKey[] = [
  'black',
  'white',
  'ivory',
  'sand',
  'camel',
  'olive',
  'navy',
  'indigo',
  'burgundy',
  'grey',
  'stone',
  'rose',
]

const MATERIALS: Record<MaterialKey, MaterialDef> = {
  linen: {
    th: 'ลินิน',
    en: 'Linen',
    nameEn: 'Linen',
    fabricTh: 'ผ้าลินิน',
    phraseEn: 'breathable washed linen that softens with every wear',
    phraseTh: 'ผ้าลินินผ่านการซักนุ่ม ระบายอากาศได้ดี และยิ่งใส่ยิ่งนุ่ม',
    careEn: [
      'Machine wash cold on a gentle cycle',
      'Wash with similar colours',
      'Do not tumble dry',
      'Iron on medium heat while slightly damp',
    ],
    careTh: ['ซักเครื่องด้วยน้ำเย็น โหมดถนอมผ้า', 'ซักรวมกับผ้าสีโทนเดียวกัน', 'ห้ามอบแห้ง', 'รีดด้วยความร้อนปานกลางขณะผ้ายังหมาด'],
    colors: ['white', 'ivory', 'sand', 'camel', 'olive', 'navy', 'black', 'stone', 'rose'],
    priceFactor: 1.05,
  },
  cotton: {
    th: 'ฝ้าย',
    en: 'Cotton',
    nameEn: 'Cotton',
    fabricTh: 'ผ้าฝ้าย',
    phraseEn: 'soft, densely woven cotton that keeps its shape in the heat',
    phraseTh: 'ผ้าฝ้ายเนื้อแน่นแต่นุ่มมือ คงทรงสวยแม้ในวันที่อากาศร้อน',
    careEn: ['Machine wash at 30°C', 'Do not bleach', 'Dry in the shade', 'Iron on medium heat'],
    careTh: ['ซักเครื่องที่อุณหภูมิไม่เกิน 30°C', 'ห้ามใช้สารฟอกขาว', 'ตากในที่ร่ม', 'รีดด้วยความร้อนปานกลาง'],
    colors: ALL_FABRIC_COLORS,
    priceFactor: 1,
  },
  'handwoven-cotton': {
    th: 'ฝ้ายทอมือ',
    en: 'Handwoven cotton',
    nameEn: 'Handwoven Cotton',
    fabricTh: 'ผ้าฝ้ายทอมือ',
    phraseEn: 'cotton handwoven by a weaving cooperative in Nan province',
    phraseTh: 'ผ้าฝ้ายทอมือจากกลุ่มช่างทอในจังหวัดน่าน',
    careEn: [
      'Hand wash cold with a mild detergent',
      'Do not wring',
      'Dry flat in the shade',
      'Iron on the reverse side',
    ],
    careTh: ['ซักมือด้วยน้ำเย็นและน้ำยาซักผ้าสูตรอ่อนโยน', 'ห้ามบิดผ้า', 'ตากแนวราบในที่ร่ม', 'รีดด้านในของผ้า'],
    colors: ['indigo', 'ivory', 'sand', 'olive', 'burgundy', 'navy', 'black'],
    priceFactor: 1.15,
  },
  'thai-silk': {
    th: 'ไหมไทย',
    en: 'Thai silk',
    nameEn: 'Thai Silk',
    fabricTh: 'ผ้าไหมไทย',
    phraseEn: 'Thai silk from Khon Kaen, with a soft natural sheen',
    phraseTh: 'ผ้าไหมไทยจากขอนแก่น เนื้อผ้ามีประกายเงางามตามธรรมชาติ',
    careEn: ['Dry clean only', 'Store away from direct sunlight', 'Iron on low heat with a pressing cloth'],
    careTh: ['ซักแห้งเท่านั้น', 'เก็บให้พ้นแสงแดดโดยตรง', 'รีดด้วยไฟอ่อนโดยมีผ้ารองรีด'],
    colors: ['burgundy', 'indigo', 'olive', 'rose', 'ivory', 'navy', 'black', 'camel'],
    priceFactor: 1.35,
  },
  'wool-blend': {
    th: 'ขนสัตว์ผสม',
    en: 'Wool blend',
    nameEn: 'Wool-Blend',
    fabricTh: 'ผ้าขนสัตว์ผสม',
    phraseEn: 'a light wool blend that drapes well and resists creasing',
    phraseTh: 'ผ้าขนสัตว์ผสมน้ำหนักเบา ทิ้งตัวสวยและยับยาก',
    careEn: [
      'Dry clean or hand wash cold',
      'Dry flat in the shade',
      'Steam to remove creases',
      'Store with cedar to keep moths away',
    ],
    careTh: ['ซักแห้งหรือซักมือด้วยน้ำเย็น', 'ตากแนวราบในที่ร่ม', 'ใช้ไอน้ำเพื่อลดรอยยับ', 'เก็บคู่กับไม้ซีดาร์เพื่อป้องกันแมลง'],
    colors: ['black', 'grey', 'navy', 'camel', 'stone', 'olive', 'burgundy', 'ivory'],
    priceFactor: 1.1,
  },
  denim: {
    th: 'เดนิม',
    en: 'Denim',
    nameEn: 'Denim',
    fabricTh: 'ผ้ายีนส์',
    phraseEn: 'rigid cotton denim that moulds to you over time',
    phraseTh: 'ผ้ายีนส์ฝ้ายเนื้อหนา ที่จะเข้ารูปกับผู้สวมใส่มากขึ้นทุกครั้งที่ใส่',
    careEn: ['Wash inside out in cold water', 'Wash with dark colours', 'Line dry', 'Iron on medium heat'],
    careTh: ['กลับด้านในก่อนซักด้วยน้ำเย็น', 'ซักแยกกับผ้าสีอ่อน', 'ตากให้แห้งบนราว', 'รีดด้วยความร้อนปานกลาง'],
    colors: ['indigo', 'navy', 'black', 'ivory', 'stone'],
    priceFactor: 1,
  },
  leather: {
    th: 'หนังแท้',
    en: 'Leather',
    nameEn: 'Leather',
    fabricTh: 'หนังแท้',
    phraseEn: 'vegetable-tanned full-grain leather that develops a rich patina',
    phraseTh: 'หนังแท้ฟอกฝาดธรรมชาติ ยิ่งใช้ยิ่งมีสีสันและเงางามขึ้น',
    careEn: [
      'Wipe clean with a soft dry cloth',
      'Condition every few months',
      'Keep away from rain and direct heat',
      'Store in the dust bag provided',
    ],
    careTh: [
      'เช็ดทำความสะอาดด้วยผ้านุ่มแห้ง',
      'บำรุงด้วยครีมบำรุงหนังทุก 2–3 เดือน',
      'หลีกเลี่ยงน้ำฝนและความร้อนโดยตรง',
      'เก็บในถุงผ้าที่ให้มา',
    ],
    colors: ['black', 'camel', 'sand', 'burgundy', 'olive', 'white', 'grey'],
    priceFactor: 1.25,
  },
  canvas: {
    th: 'แคนวาส',
    en: 'Canvas',
    nameEn: 'Canvas',
    fabricTh: 'ผ้าแคนวาส',
    phraseEn: 'heavy cotton canvas with reinforced seams',
    phraseTh: 'ผ้าแคนวาสเนื้อหนา เย็บตะเข็บเสริมความแข็งแรง',
    careEn: ['Spot clean with a damp cloth', 'Do not machine wash', 'Air dry in the shade'],
    careTh: ['เช็ดเฉพาะจุดด้วยผ้าหมาด', 'ห้ามซักเครื่อง', 'ผึ่งให้แห้งในที่ร่ม'],
    colors: ['ivory', 'sand', 'black', 'olive', 'navy', 'stone'],
    priceFactor: 0.9,
  },
  'recycled-polyester': {
    th: 'โพลีเอสเตอร์รีไซเคิล',
    en: 'Recycled polyester',
    nameEn: 'Recycled Polyester',
    fabricTh: 'ผ้าโพลีเอสเตอร์รีไซเคิล',
    phraseEn: 'recycled polyester made from plastic bottles, light and quick to dry',
    phraseTh: 'ผ้าโพลีเอสเตอร์รีไซเคิลจากขวดพลาสติก น้ำหนักเบาและแห้งไว',
    careEn: ['Machine wash cold', 'Do not tumble dry', 'Iron on low heat if needed', 'Hang in the shade to dry'],
    careTh: ['ซักเครื่องด้วยน้ำเย็น', 'ห้ามอบแห้ง', 'รีดด้วยไฟอ่อนหากจำเป็น', 'แขวนตากในที่ร่ม'],
    colors: ['black', 'navy', 'olive', 'stone', 'grey', 'sand', 'rose'],
    priceFactor: 0.95,
  },
  'sterling-silver': {
    th: 'เงินแท้ 925',
    en: 'Sterling silver 925',
    nameEn: 'Sterling Silver',
    fabricTh: 'เงินแท้ 925',
    phraseEn: 'solid 925 sterling silver, polished by hand in our Bangkok workshop',
    phraseTh: 'เงินแท้ 925 ขัดเงาด้วยมือในเวิร์กช็อปของเราที่กรุงเทพฯ',
    careEn: ['Polish with the cloth provided', 'Keep away from perfume and chlorine', 'Store in an airtight pouch'],
    careTh: ['ขัดเงาด้วยผ้าที่ให้มา', 'หลีกเลี่ยงน้ำหอมและน้ำคลอรีน', 'เก็บในถุงซิปล็อกเพื่อป้องกันการหมอง'],
    colors: ['silver'],
    priceFactor: 1.1,
  },
  brass: {
    th: 'ทองเหลือง',
    en: 'Brass',
    nameEn: 'Brass',
    fabricTh: 'ทองเหลือง',
    phraseEn: 'solid brass with a hand-brushed finish',
    phraseTh: 'ทองเหลืองแท้ เก็บผิวด้วยการขัดด้านด้วยมือ',
    careEn: [
      'Wipe with a soft dry cloth after wearing',
      'Avoid water, perfume and lotion',
      'Store in the pouch provided',
    ],
    careTh: ['เช็ดด้วยผ้านุ่มแห้งหลังใส่', 'หลีกเลี่ยงน้ำ น้ำหอม และโลชั่น', 'เก็บในถุงผ้าที่ให้มา'],
    colors: ['gold'],
    priceFactor: 0.7,
  },
}

// ---------------------------------------------------------------------------------------------
// Categories and name templates

type Group = 'clothing' | 'shoes' | 'bags' | 'accessories' | 'jewelry'
type ChartKind = 'upper' | 'lower' | 'shoes' | 'none'

/**
 * A product name template: `{m}` is the material (English name word, Thai fabric word), `{mm}` the
 * bare Thai material word (knits, scarves). Thai names contain the category's Thai noun, except for
 * accessories and jewelry, where the item's own noun (เข็มขัด, ต่างหู…) is the natural one.
 */
type Template = {
  en: string
  th: string
  genders: readonly Gender[]
  materials: readonly MaterialKey[]
  /** Thai classifier for "this …": ตัวนี้, คู่นี้, ใบนี้… (default from the category). */
  classifier?: string
}

type CategoryDef = {
  slug: CategorySlug
  nameTh: string
  nameEn: string
  group: Group
  chart: ChartKind
  /** Taken in turn by the category's running number: repeat a gender to weight it. */
  genderMix: readonly Gender[]
  /** Regular price range in baht, before the material factor. */
  priceBaht: readonly [number, number]
  /** Some sale and club items of these categories are priced under 500 baht. */
  budget: boolean
  classifier: string
  templates: readonly Template[]
  byGender: Record<Gender, readonly Template[]>
}

const W: readonly Gender[] = ['women']
const M: readonly Gender[] = ['men']
const WM: readonly Gender[] = ['women', 'men']
const WU: readonly Gender[] = ['women', 'unisex']
const MU: readonly Gender[] = ['men', 'unisex']
const WMU: readonly Gender[] = ['women', 'men', 'unisex']

function tpl(
  en: string,
  th: string,
  genders: readonly Gender[],
  materials: readonly MaterialKey[],
  classifier?: string,
): Template {
  return classifier === undefined ? { en, th, genders, materials } : { en, th, genders, materials, classifier }
}

function defineCategory(def: Omit<CategoryDef, 'byGender'>): CategoryDef {
  const byGender = {
    women: def.templates.filter((t) => t.genders.includes('women')),
    men: def.templates.filter((t) => t.genders.includes('men')),
    unisex: def.templates.filter((t) => t.genders.includes('unisex')),
  }
  for (const gender of new Set(def.genderMix)) {
    if (byGender[gender].length === 0) throw new Error(`demo catalog: no ${gender} template for ${def.slug}`)
  }
  return { ...def, byGender }
}

const CATEGORY_DEFS: Record<CategorySlug, CategoryDef> = {
  tops: defineCategory({
    slug: 'tops',
    nameTh: 'เสื้อ',
    nameEn: 'Tops',
    group: 'clothing',
    chart: 'upper',
    genderMix: ['women', 'women', 'women', 'men', 'men'],
    priceBaht: [690, 1890],
    budget: true,
    classifier: 'ตัวนี้',
    templates: [
      tpl('{m} Poplin Shirt', 'เสื้อเชิ้ต{m}ป็อปลิน', WM, ['cotton']),
      tpl('{m} Oversized Shirt', 'เสื้อเชิ้ต{m}ทรงโอเวอร์ไซซ์', WM, ['linen', 'cotton', 'handwoven-cotton', 'denim']),
      tpl('{m} Camp-Collar Shirt', 'เสื้อเชิ้ตปกฮาวาย{m}', M, ['linen', 'cotton', 'thai-silk']),
      tpl('{m} Mandarin-Collar Shirt', 'เสื้อเชิ้ตคอจีน{m}', WM, ['linen', 'handwoven-cotton', 'cotton']),
      tpl('{m} Wrap Blouse', 'เสื้อเบลาส์{m}ทรงป้าย', W, ['thai-silk', 'cotton', 'recycled-polyester']),
      tpl('{m} Puff-Sleeve Blouse', 'เสื้อเบลาส์{m}แขนพอง', W, ['cotton', 'linen', 'thai-silk']),
      tpl('{m} Crew-Neck T-Shirt', 'เสื้อยืด{m}คอกลม', WM, ['cotton']),
      tpl('{m} Camisole Top', 'เสื้อสายเดี่ยว{m}', W, ['thai-silk', 'linen', 'recycled-polyester']),
      tpl('{m} Polo Shirt', 'เสื้อโปโล{m}', M, ['cotton', 'linen']),
      tpl('{m} Tank Top', 'เสื้อกล้าม{m}', WM, ['cotton', 'linen']),
      tpl('{m} Peplum Top', 'เสื้อ{m}ชายระบาย', W, ['cotton', 'linen', 'thai-silk']),
    ],
  }),
  shorts: defineCategory({
    slug: 'shorts',
    nameTh: 'กางเกงขาสั้น',
    nameEn: 'Shorts',
    group: 'clothing',
    chart: 'lower',
    genderMix: ['women', 'women', 'women', 'men', 'men'],
    priceBaht: [590, 1490],
    budget: true,
    classifier: 'ตัวนี้',
    templates: [
      tpl('{m} Pleated Shorts', 'กางเกงขาสั้น{m}แต่งจีบ', WM, ['linen', 'cotton', 'wool-blend']),
      tpl('{m} Drawstring Shorts', 'กางเกงขาสั้น{m}เอวผูกเชือก', WM, ['linen', 'cotton', 'recycled-polyester']),
      tpl('{m} Knee-Length Shorts', 'กางเกงขาสั้น{m}ทรงยาวถึงเข่า', WM, ['denim', 'cotton', 'linen']),
      tpl('{m} Cargo Shorts', 'กางเกงขาสั้นคาร์โก้{m}', M, ['cotton', 'recycled-polyester']),
      tpl('{m} High-Waist Shorts', 'กางเกงขาสั้น{m}เอวสูง', W, ['denim', 'linen', 'cotton']),
      tpl('{m} Swim Shorts', 'กางเกงขาสั้นใส่ว่ายน้ำ{m}', M, ['recycled-polyester']),
    ],
  }),
  skirts: defineCategory({
    slug: 'skirts',
    nameTh: 'กระโปรง',
    nameEn: 'Skirts',
    group: 'clothing',
    chart: 'lower',
    genderMix: ['women'],
    priceBaht: [890, 2490],
    budget: false,
    classifier: 'ตัวนี้',
    templates: [
      tpl('{m} Pleated Midi Skirt', 'กระโปรง{m}อัดพลีททรงมิดี้', W, ['thai-silk', 'recycled-polyester', 'linen']),
      tpl('{m} A-Line Skirt', 'กระโปรง{m}ทรงเอ', W, ['cotton', 'denim', 'linen', 'handwoven-cotton']),
      tpl('{m} Wrap Skirt', 'กระโปรง{m}ทรงป้าย', W, ['linen', 'thai-silk', 'handwoven-cotton']),
      tpl('{m} Pencil Skirt', 'กระโปรงทรงดินสอ{m}', W, ['wool-blend', 'denim']),
      tpl('{m} Slip Skirt', 'กระโปรงทรงสลิป{m}', W, ['thai-silk', 'recycled-polyester']),
      tpl('{m} Tiered Maxi Skirt', 'กระโปรงยาว{m}แต่งระบายชั้น', W, ['cotton', 'linen', 'handwoven-cotton']),
      tpl('{m} Mini Skirt', 'กระโปรงสั้น{m}', W, ['denim', 'wool-blend', 'leather']),
    ],
  }),
  trousers: defineCategory({
    slug: 'trousers',
    nameTh: 'กางเกงขายาว',
    nameEn: 'Trousers',
    group: 'clothing',
    chart: 'lower',
    genderMix: ['women', 'women', 'women', 'men', 'men'],
    priceBaht: [990, 2890],
    budget: false,
    classifier: 'ตัวนี้',
    templates: [
      tpl('{m} Wide-Leg Trousers', 'กางเกงขายาว{m}ทรงขากว้าง', WM, ['linen', 'wool-blend', 'denim', 'cotton']),
      tpl('{m} Pleated Trousers', 'กางเกงขายาว{m}จีบหน้า', WM, ['wool-blend', 'linen', 'cotton']),
      tpl('{m} Straight-Leg Trousers', 'กางเกงขายาว{m}ทรงขากระบอก', WM, ['denim', 'cotton', 'wool-blend']),
      tpl('{m} Drawstring Trousers', 'กางเกงขายาว{m}เอวผูกเชือก', WM, ['linen', 'cotton']),
      tpl('{m} Tapered Trousers', 'กางเกงขายาว{m}ทรงขาสอบ', WM, ['wool-blend', 'cotton']),
      tpl('{m} Fisherman Trousers', 'กางเกงขายาวทรงเล{m}', WM, ['handwoven-cotton', 'cotton', 'linen']),
      tpl('{m} Cargo Trousers', 'กางเกงขายาวคาร์โก้{m}', M, ['cotton', 'recycled-polyester']),
    ],
  }),
  sets: defineCategory({
    slug: 'sets',
    nameTh: 'ชุดเซ็ต',
    nameEn: 'Sets',
    group: 'clothing',
    chart: 'upper',
    genderMix: ['women', 'women', 'men'],
    priceBaht: [1690, 3990],
    budget: false,
    classifier: 'ชุดนี้',
    templates: [
      tpl('{m} Shirt and Shorts Set', 'ชุดเซ็ตเสื้อเชิ้ตและกางเกงขาสั้น{m}', WM, ['linen', 'cotton', 'thai-silk']),
      tpl('{m} Blouse and Skirt Set', 'ชุดเซ็ตเสื้อเบลาส์และกระโปรง{m}', W, ['thai-silk', 'linen', 'handwoven-cotton']),
      tpl('{m} Top and Trousers Set', 'ชุดเซ็ตเสื้อและกางเกงขายาว{m}', W, ['cotton', 'linen']),
      tpl('{m} Suit Set', 'ชุดเซ็ตสูท{m}', M, ['linen', 'wool-blend']),
      tpl('{m} Lounge Set', 'ชุดเซ็ตลำลอง{m}', WM, ['cotton', 'linen']),
      tpl('{m} Co-ord Set', 'ชุดเซ็ต{m}ทูพีซ', W, ['denim', 'thai-silk', 'recycled-polyester']),
    ],
  }),
  dresses: defineCategory({
    slug: 'dresses',
    nameTh: 'เดรส',
    nameEn: 'Dresses',
    group: 'clothing',
    chart: 'upper',
    genderMix: ['women'],
    priceBaht: [1290, 4590],
    budget: false,
    classifier: 'ตัวนี้',
    templates: [
      tpl('{m} Wrap Dress', 'เดรส{m}ทรงป้าย', W, ['linen', 'thai-silk', 'cotton', 'recycled-polyester']),
      tpl('{m} Slip Dress', 'เดรสสายเดี่ยว{m}', W, ['thai-silk', 'recycled-polyester']),
      tpl('{m} Shirt Dress', 'เชิ้ตเดรส{m}', W, ['cotton', 'linen', 'denim']),
      tpl('{m} Smocked Midi Dress', 'เดรสมิดี้{m}แต่งสม็อก', W, ['cotton', 'handwoven-cotton', 'linen']),
      tpl('{m} Tiered Maxi Dress', 'เดรสยาว{m}แต่งระบายชั้น', W, ['cotton', 'handwoven-cotton', 'thai-silk']),
      tpl('{m} A-Line Dress', 'เดรส{m}ทรงเอ', W, ['linen', 'cotton', 'denim']),
      tpl('{m} Halter-Neck Dress', 'เดรสคล้องคอ{m}', W, ['thai-silk', 'recycled-polyester', 'linen']),
      tpl('{m} Column Dress', 'เดรสยาวทรงตรง{m}', W, ['thai-silk', 'wool-blend']),
    ],
  }),
  jumpsuits: defineCategory({
    slug: 'jumpsuits',
    nameTh: 'จัมป์สูท',
    nameEn: 'Jumpsuits',
    group: 'clothing',
    chart: 'upper',
    genderMix: ['women', 'women', 'women', 'men'],
    priceBaht: [1490, 3490],
    budget: false,
    classifier: 'ตัวนี้',
    templates: [
      tpl('{m} Wide-Leg Jumpsuit', 'จัมป์สูท{m}ขากว้าง', W, ['linen', 'thai-silk', 'recycled-polyester']),
      tpl('{m} Utility Jumpsuit', 'จัมป์สูท{m}สไตล์ยูทิลิตี้', WM, ['denim', 'cotton']),
      tpl('{m} Halter Jumpsuit', 'จัมป์สูทคล้องคอ{m}', W, ['thai-silk', 'recycled-polyester']),
      tpl('{m} Belted Jumpsuit', 'จัมป์สูท{m}แต่งเข็มขัด', W, ['linen', 'cotton', 'wool-blend']),
      tpl('{m} Short-Sleeve Jumpsuit', 'จัมป์สูทแขนสั้น{m}', WM, ['linen', 'cotton', 'denim']),
    ],
  }),
  outerwear: defineCategory({
    slug: 'outerwear',
    nameTh: 'เสื้อคลุม',
    nameEn: 'Outerwear',
    group: 'clothing',
    chart: 'upper',
    genderMix: ['women', 'women', 'women', 'men', 'men'],
    priceBaht: [1890, 5990],
    budget: false,
    classifier: 'ตัวนี้',
    templates: [
      tpl('{m} Trench Coat', 'เสื้อคลุม{m}ทรงเทรนช์โค้ท', WM, ['cotton', 'recycled-polyester']),
      tpl('{m} Tailored Blazer', 'เสื้อคลุมเบลเซอร์{m}', WM, ['linen', 'wool-blend', 'thai-silk']),
      tpl('{m} Trucker Jacket', 'เสื้อคลุมแจ็กเก็ต{m}ทรงทรักเกอร์', WM, ['denim']),
      tpl('{m} Kimono Jacket', 'เสื้อคลุมกิโมโน{m}', W, ['thai-silk', 'handwoven-cotton', 'linen']),
      tpl('{m} Overshirt', 'เสื้อคลุมทรงเชิ้ต{m}', M, ['wool-blend', 'cotton', 'handwoven-cotton']),
      tpl('{m} Hooded Rain Jacket', 'เสื้อคลุมกันฝนมีฮู้ด{m}', WM, ['recycled-polyester']),
      tpl('{m} Chore Jacket', 'เสื้อคลุมแจ็กเก็ตทรงเวิร์กแวร์{m}', M, ['cotton', 'denim']),
    ],
  }),
  knitwear: defineCategory({
    slug: 'knitwear',
    nameTh: 'เสื้อถัก',
    nameEn: 'Knitwear',
    group: 'clothing',
    chart: 'upper',
    genderMix: ['women', 'women', 'women', 'men', 'men'],
    priceBaht: [1290, 3290],
    budget: false,
    classifier: 'ตัวนี้',
    templates: [
      tpl('{m} Crew-Neck Sweater', 'เสื้อถักคอกลม{mm}', WM, ['cotton', 'wool-blend']),
      tpl('{m} Cardigan', 'เสื้อถักคาร์ดิแกน{mm}', WM, ['cotton', 'wool-blend', 'linen']),
      tpl('{m} V-Neck Sweater', 'เสื้อถักคอวี{mm}', WM, ['cotton', 'wool-blend']),
      tpl('{m} Knit Vest', 'เสื้อถักแขนกุด{mm}', WM, ['cotton', 'wool-blend', 'linen']),
      tpl('{m} Polo Sweater', 'เสื้อถักคอปกโปโล{mm}', M, ['cotton', 'linen']),
      tpl('{m} Cropped Cardigan', 'เสื้อถักคาร์ดิแกนครอป{mm}', W, ['cotton', 'linen']),
      tpl('{m} Ribbed Turtleneck', 'เสื้อถักคอเต่า{mm}', WM, ['wool-blend', 'cotton']),
    ],
  }),
  'tote-bags': defineCategory({
    slug: 'tote-bags',
    nameTh: 'กระเป๋าโท้ท',
    nameEn: 'Tote Bags',
    group: 'bags',
    chart: 'none',
    genderMix: ['women', 'women', 'unisex', 'unisex', 'men'],
    priceBaht: [1890, 6990],
    budget: false,
    classifier: 'ใบนี้',
    templates: [
      tpl('{m} Tote Bag', 'กระเป๋าโท้ท{m}', WMU, ['canvas', 'leather', 'handwoven-cotton', 'recycled-polyester']),
      tpl('{m} Mini Tote Bag', 'กระเป๋าโท้ทใบเล็ก{m}', W, ['leather', 'thai-silk', 'canvas']),
      tpl('{m} Shopper Tote Bag', 'กระเป๋าโท้ท{m}ใบใหญ่', WU, ['canvas', 'leather', 'recycled-polyester']),
      tpl('{m} Zip-Top Tote Bag', 'กระเป๋าโท้ท{m}มีซิป', WMU, ['leather', 'canvas']),
      tpl('{m} Structured Tote Bag', 'กระเป๋าโท้ท{m}ทรงเหลี่ยม', W, ['leather']),
      tpl('{m} Laptop Tote Bag', 'กระเป๋าโท้ทใส่แล็ปท็อป{m}', WMU, ['leather', 'canvas', 'recycled-polyester']),
      tpl('{m} Beach Tote Bag', 'กระเป๋าโท้ทไปทะเล{m}', WU, ['canvas', 'handwoven-cotton']),
    ],
  }),
  shoes: defineCategory({
    slug: 'shoes',
    nameTh: 'รองเท้า',
    nameEn: 'Shoes',
    group: 'shoes',
    chart: 'shoes',
    genderMix: ['women', 'women', 'women', 'men', 'men'],
    priceBaht: [1690, 4990],
    budget: false,
    classifier: 'คู่นี้',
    templates: [
      tpl('{m} Low-Top Sneakers', 'รองเท้าผ้าใบ{m}ทรงโลว์ท็อป', WM, ['canvas', 'leather']),
      tpl('{m} Penny Loafers', 'รองเท้าโลฟเฟอร์{m}', WM, ['leather']),
      tpl('{m} Slide Sandals', 'รองเท้าแตะ{m}แบบสวม', WM, ['leather']),
      tpl('{m} Strappy Sandals', 'รองเท้ารัดส้น{m}', W, ['leather']),
      tpl('{m} Ballet Flats', 'รองเท้าบัลเลต์แฟลต{m}', W, ['leather', 'thai-silk']),
      tpl('{m} Mules', 'รองเท้ามิวล์{m}', W, ['leather']),
      tpl('{m} Derby Shoes', 'รองเท้าดาร์บี้{m}', M, ['leather']),
      tpl('{m} Espadrilles', 'รองเท้าเอสปาดริล{m}', WM, ['canvas', 'linen']),
      tpl('{m} Slingback Heels', 'รองเท้าส้นสูงสายคาดหลัง{m}', W, ['leather', 'thai-silk']),
    ],
  }),
  accessories: defineCategory({
    slug: 'accessories',
    nameTh: 'เครื่องประดับแฟชั่น',
    nameEn: 'Accessories',
    group: 'accessories',
    chart: 'none',
    genderMix: ['women', 'women', 'unisex', 'unisex', 'men'],
    priceBaht: [590, 2490],
    budget: true,
    classifier: 'ชิ้นนี้',
    templates: [
      tpl('{m} Scarf', 'ผ้าพันคอ{mm}', WU, ['thai-silk', 'cotton', 'linen'], 'ผืนนี้'),
      tpl('{m} Belt', 'เข็มขัด{m}', WMU, ['leather'], 'เส้นนี้'),
      tpl('{m} Bucket Hat', 'หมวกบักเก็ต{m}', WMU, ['cotton', 'denim', 'canvas', 'linen'], 'ใบนี้'),
      tpl('{m} Card Holder', 'กระเป๋าใส่บัตร{m}', MU, ['leather'], 'ใบนี้'),
      tpl('{m} Hair Scarf', 'ผ้าคาดผม{mm}', W, ['thai-silk', 'cotton'], 'ผืนนี้'),
      tpl('{m} Scrunchie', 'ยางรัดผม{m}', W, ['thai-silk', 'linen']),
      tpl('{m} Zip Pouch', 'กระเป๋าซิปใบเล็ก{m}', WMU, ['leather', 'canvas', 'thai-silk'], 'ใบนี้'),
      tpl('{m} Pocket Square', 'ผ้าพ็อกเก็ตสแควร์{mm}', M, ['thai-silk', 'linen'], 'ผืนนี้'),
    ],
  }),
  jewelry: defineCategory({
    slug: 'jewelry',
    nameTh: 'จิวเวลรี่',
    nameEn: 'Jewelry',
    group: 'jewelry',
    chart: 'none',
    genderMix: ['women', 'women', 'women', 'unisex', 'unisex', 'men'],
    priceBaht: [1290, 6990],
    budget: false,
    classifier: 'ชิ้นนี้',
    templates: [
      tpl('{m} Hoop Earrings', 'ต่างหูห่วง{m}', WU, ['sterling-silver', 'brass'], 'คู่นี้'),
      tpl('{m} Stud Earrings', 'ต่างหูแป้น{m}', WMU, ['sterling-silver', 'brass'], 'คู่นี้'),
      tpl('{m} Drop Earrings', 'ต่างหูระย้า{m}', W, ['sterling-silver', 'brass'], 'คู่นี้'),
      tpl('{m} Pendant Necklace', 'สร้อยคอจี้{m}', W, ['sterling-silver', 'brass'], 'เส้นนี้'),
      tpl('{m} Lotus Pendant Necklace', 'สร้อยคอจี้ดอกบัว{m}', W, ['sterling-silver', 'brass'], 'เส้นนี้'),
      tpl('{m} Chain Necklace', 'สร้อยคอโซ่{m}', MU, ['sterling-silver', 'brass'], 'เส้นนี้'),
      tpl('{m} Signet Ring', 'แหวนซิกเน็ต{m}', MU, ['sterling-silver', 'brass'], 'วงนี้'),
      tpl('{m} Stacking Ring', 'แหวนวงเล็กสำหรับใส่ซ้อน{m}', W, ['sterling-silver', 'brass'], 'วงนี้'),
      tpl('{m} Cuff Bracelet', 'กำไลข้อมือแบบเปิด{m}', WMU, ['sterling-silver', 'brass'], 'วงนี้'),
      tpl('{m} Chain Bracelet', 'สร้อยข้อมือ{m}', WMU, ['sterling-silver', 'brass'], 'เส้นนี้'),
    ],
  }),
}

/** Menu order. */
const CATEGORY_ORDER: readonly CategorySlug[] = CATEGORY_SLUGS

/** One cycle of 32 products: every category at least twice, so 320 products give at least 20 each. */
const CATEGORY_WEIGHTS: Record<CategorySlug, number> = {
  tops: 4,
  shorts: 2,
  skirts: 2,
  trousers: 3,
  sets: 2,
  dresses: 4,
  jumpsuits: 2,
  outerwear: 2,
  knitwear: 2,
  'tote-bags': 2,
  shoes: 3,
  accessories: 2,
  jewelry: 2,
}

/** Complementary categories for "match" relations. */
const MATCHES: Record<CategorySlug, readonly CategorySlug[]> = {
  tops: ['trousers', 'skirts', 'shorts', 'shoes', 'tote-bags'],
  shorts: ['tops', 'knitwear', 'shoes', 'accessories'],
  skirts: ['tops', 'knitwear', 'shoes', 'tote-bags'],
  trousers: ['tops', 'knitwear', 'outerwear', 'shoes'],
  sets: ['shoes', 'tote-bags', 'jewelry', 'accessories'],
  dresses: ['shoes', 'tote-bags', 'jewelry', 'outerwear'],
  jumpsuits: ['shoes', 'jewelry', 'tote-bags', 'outerwear'],
  outerwear: ['tops', 'trousers', 'dresses', 'knitwear'],
  knitwear: ['trousers', 'skirts', 'shorts', 'outerwear'],
  'tote-bags': ['dresses', 'tops', 'shoes', 'accessories'],
  shoes: ['trousers', 'dresses', 'tote-bags', 'shorts'],
  accessories: ['dresses', 'tops', 'tote-bags', 'jewelry'],
  jewelry: ['dresses', 'tops', 'jumpsuits', 'tote-bags'],
}

// ---------------------------------------------------------------------------------------------
// Sizes

type BodyRow = { size: string; rank: number; chest: number; waist: number; hip: number }

const WOMEN_BODY: readonly BodyRow[] = [
  { size: 'XS', rank: 0, chest: 80, waist: 62, hip: 86 },
  { size: 'S', rank: 1, chest: 84, waist: 66, hip: 90 },
  { size: 'M', rank: 2, chest: 88, waist: 70, hip: 94 },
  { size: 'L', rank: 3, chest: 94, waist: 76, hip: 100 },
  { size: 'XL', rank: 4, chest: 100, waist: 82, hip: 106 },
]

const MEN_BODY: readonly BodyRow[] = [
  { size: 'S', rank: 0, chest: 92, waist: 76, hip: 92 },
  { size: 'M', rank: 1, chest: 98, waist: 82, hip: 98 },
  { size: 'L', rank: 2, chest: 104, waist: 88, hip: 104 },
  { size: 'XL', rank: 3, chest: 110, waist: 94, hip: 110 },
  { size: 'XXL', rank: 4, chest: 116, waist: 100, hip: 116 },
]

const COLUMN = {
  chest: { th: 'รอบอก', en: 'Chest' },
  waist: { th: 'รอบเอว', en: 'Waist' },
  hip: { th: 'รอบสะโพก', en: 'Hip' },
  length: { th: 'ความยาว', en: 'Length' },
  foot: { th: 'ความยาวเท้า', en: 'Foot length' },
} as const

const WOMEN_SHOE_SIZES = [36, 37, 38, 39, 40, 41] as const
const MEN_SHOE_SIZES = [39, 40, 41, 42, 43, 44, 45] as const

/** Foot length in cm for an EU (Paris point) size: the last is size × 2/3 cm, the foot 1.5 cm less. */
function footLength(eu: number): number {
  return Math.round(((eu * 2) / 3 - 1.5) * 10) / 10
}

function garmentLength(category: CategorySlug, gender: Gender, typeEn: string): number {
  if (category === 'shorts') return gender === 'men' ? 46 : typeEn.includes('Knee') ? 50 : 36
  if (category === 'trousers') return gender === 'men' ? 102 : 98
  if (typeEn.includes('Maxi')) return 92
  if (typeEn.includes('Midi')) return 74
  if (typeEn.includes('Mini')) return 42
  return 62
}

// ---------------------------------------------------------------------------------------------
// Descriptions and image alt texts

type Phrase = { en: string; th: string }

const VERBS: Record<Group, Phrase> = {
  clothing: { en: 'cut from', th: 'ตัดเย็บจาก' },
  shoes: { en: 'made from', th: 'ทำจาก' },
  bags: { en: 'made from', th: 'ผลิตจาก' },
  accessories: { en: 'made from', th: 'ทำจาก' },
  jewelry: { en: 'crafted from', th: 'ทำจาก' },
}

const FITS_CLOTHING = {
  relaxed: {
    en: 'A relaxed fit with room to move; take your usual size.',
    th: 'ทรงหลวมสบาย เคลื่อนไหวคล่องตัว เลือกไซซ์ตามปกติได้เลย',
  },
  regular: {
    en: 'A regular fit that sits close without clinging; true to size.',
    th: 'ทรงพอดีตัว ไม่รัดแน่น ไซซ์ตรงตามมาตรฐาน',
  },
  oversized: {
    en: 'A deliberately oversized fit; size down for a neater look.',
    th: 'ทรงโอเวอร์ไซซ์ตั้งใจให้หลวม หากชอบทรงเข้ารูปแนะนำให้ลดลงหนึ่งไซซ์',
  },
  tailored: {
    en: 'A tailored fit with a defined waist; if you are between sizes, size up.',
    th: 'ทรงเข้ารูปช่วงเอว หากอยู่ระหว่างสองไซซ์แนะนำให้เลือกไซซ์ใหญ่กว่า',
  },
} satisfies Record<string, Phrase>

const FITS_OTHER: Record<Exclude<Group, 'clothing'>, readonly Phrase[]> = {
  shoes: [
    {
      en: 'They run true to size; if you are between sizes, choose the larger one.',
      th: 'ไซซ์ตรงตามมาตรฐาน หากอยู่ระหว่างสองไซซ์แนะนำให้เลือกไซซ์ใหญ่กว่า',
    },
    {
      en: 'A cushioned leather insole makes them easy to wear all day.',
      th: 'พื้นรองด้านในบุนุ่ม ใส่เดินได้สบายตลอดวัน',
    },
  ],
  bags: [
    {
      en: 'Roomy enough for a 14-inch laptop, a water bottle and a folding umbrella.',
      th: 'ใบใหญ่พอสำหรับแล็ปท็อป 14 นิ้ว ขวดน้ำ และร่มพับ',
    },
    {
      en: 'An inner zip pocket keeps keys and cards in place.',
      th: 'มีช่องซิปด้านในสำหรับเก็บกุญแจและบัตรให้เป็นระเบียบ',
    },
  ],
  accessories: [
    { en: 'One size, light and easy to pack.', th: 'ขนาดเดียว น้ำหนักเบา พกพาสะดวก' },
    { en: 'Neatly finished on every edge, for everyday use.', th: 'เก็บงานเรียบร้อยทุกมุม ใช้ได้ทุกวัน' },
  ],
  jewelry: [
    { en: 'Nickel-free and gentle on sensitive skin.', th: 'ปราศจากนิกเกิล อ่อนโยนต่อผิวแพ้ง่าย' },
    { en: 'Light on the skin, with every edge smoothed by hand.', th: 'น้ำหนักเบา สบายผิว เก็บขอบเรียบด้วยมือทุกด้าน' },
  ],
}

const OCCASIONS: Record<Group, readonly Phrase[]> = {
  clothing: [
    {
      en: 'Wear it to the office with loafers, then straight on to dinner.',
      th: 'ใส่ไปทำงานคู่กับรองเท้าโลฟเฟอร์ แล้วไปต่อมื้อค่ำได้ทันที',
    },
    {
      en: 'Made for slow weekends, brunch with friends and walks through the old town.',
      th: 'เหมาะกับวันหยุดสบาย ๆ มื้อสายกับเพื่อน และการเดินเล่นในย่านเมืองเก่า',
    },
    {
      en: 'An easy choice for holidays by the sea and Songkran trips up north.',
      th: 'ตัวเลือกง่าย ๆ สำหรับทริปทะเลและการเดินทางขึ้นเหนือช่วงสงกรานต์',
    },
    {
      en: 'Dress it up for weddings, merit-making ceremonies and evening events.',
      th: 'แต่งให้ดูพิเศษขึ้นสำหรับงานแต่ง งานบุญ หรืองานเลี้ยงตอนค่ำได้อย่างสวยงาม',
    },
    {
      en: 'Light enough for Bangkok afternoons and smart enough for meetings.',
      th: 'เบาสบายสำหรับบ่ายวันร้อนในกรุงเทพฯ และดูเรียบร้อยพอสำหรับการประชุม',
    },
  ],
  shoes: [
    {
      en: 'Easy to pair with linen trousers for the office or shorts at the weekend.',
      th: 'แมตช์ง่ายกับกางเกงลินินในวันทำงาน หรือกางเกงขาสั้นในวันหยุด',
    },
    {
      en: 'Ideal for travel days, city walks and long afternoons at the mall.',
      th: 'เหมาะกับวันเดินทาง การเดินเที่ยวในเมือง และบ่ายยาว ๆ ที่ห้างสรรพสินค้า',
    },
    {
      en: 'Smart enough for a wedding and comfortable enough to dance all night.',
      th: 'ดูดีพอสำหรับงานแต่ง และสบายพอที่จะเต้นรำได้ทั้งคืน',
    },
  ],
  bags: [
    {
      en: 'Carries a working day in the city or a weekend at the beach.',
      th: 'พร้อมสำหรับวันทำงานในเมือง หรือทริปสุดสัปดาห์ริมทะเล',
    },
    { en: 'A smart companion for the office and for travel.', th: 'เพื่อนคู่ใจที่ดูดีทั้งในออฟฟิศและระหว่างเดินทาง' },
    {
      en: 'Ready for the market on Saturday morning and a gallery visit after.',
      th: 'พร้อมไปตลาดเช้าวันเสาร์ แล้วแวะชมแกลเลอรีต่อในช่วงบ่าย',
    },
  ],
  accessories: [
    { en: 'It finishes an office look or a holiday outfit.', th: 'ช่วยเติมลุคให้สมบูรณ์ ทั้งชุดทำงานและชุดเที่ยว' },
    {
      en: 'A thoughtful gift for Songkran, New Year or a birthday.',
      th: 'ของขวัญที่แสดงถึงความใส่ใจสำหรับสงกรานต์ ปีใหม่ หรือวันเกิด',
    },
  ],
  jewelry: [
    {
      en: 'Wear it every day, or layer it up for evening events.',
      th: 'ใส่ได้ทุกวัน หรือใส่ซ้อนกันหลายชิ้นสำหรับงานกลางคืน',
    },
    {
      en: 'A thoughtful gift for birthdays, graduations and anniversaries.',
      th: 'ของขวัญที่แสดงถึงความใส่ใจสำหรับวันเกิด วันรับปริญญา และวันครบรอบ',
    },
  ],
}

const VIEWS: Record<Group, readonly Phrase[]> = {
  clothing: [
    { en: 'front view', th: 'ด้านหน้า' },
    { en: 'back view', th: 'ด้านหลัง' },
    { en: 'fabric detail', th: 'รายละเอียดเนื้อผ้า' },
  ],
  shoes: [
    { en: 'side view', th: 'ด้านข้าง' },
    { en: 'pair from above', th: 'มุมบนทั้งคู่' },
    { en: 'sole detail', th: 'รายละเอียดพื้นรองเท้า' },
  ],
  bags: [
    { en: 'front view', th: 'ด้านหน้า' },
    { en: 'inside view', th: 'ด้านใน' },
    { en: 'handle detail', th: 'รายละเอียดหูจับ' },
  ],
  accessories: [
    { en: 'flat lay', th: 'วางราบ' },
    { en: 'detail', th: 'รายละเอียด' },
    { en: 'as worn', th: 'ขณะสวมใส่' },
  ],
  jewelry: [
    { en: 'close-up', th: 'ภาพระยะใกล้' },
    { en: 'as worn', th: 'ขณะสวมใส่' },
    { en: 'in the gift box', th: 'ในกล่องของขวัญ' },
  ],
}

function clothingFit(typeEn: string, rng: Rng): Phrase {
  if (typeEn.includes('Oversized')) return FITS_CLOTHING.oversized
  if (/Tailored|Pencil|Wrap|Belted|Blazer|Suit|Column/.test(typeEn)) return FITS_CLOTHING.tailored
  return rng() < 0.5 ? FITS_CLOTHING.relaxed : FITS_CLOTHING.regular
}

/** "wide-leg trousers", with single-letter prefixes kept upper-case (A-line, T-shirt, V-neck). */
function lowerType(typeEn: string): string {
  return typeEn.toLowerCase().replace(/\b([atv])-/g, (_, letter: string) => `${letter.toUpperCase()}-`)
}

// ---------------------------------------------------------------------------------------------
// Stores

type StoreRow = typeof stores.$inferInsert

function dailyHours(opens: string, closes: string, late?: { days: readonly number[]; closes: string }): OpeningHours {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    opens,
    closes: late !== undefined && late.days.includes(day) ? late.closes : closes,
  }))
}

const STORES: readonly StoreRow[] = [
  {
    id: 'siam-paragon',
    position: 0,
    nameTh: 'สยามพารากอน',
    nameEn: 'Siam Paragon',
    addressTh: 'ชั้น 2 ศูนย์การค้าสยามพารากอน 991 ถนนพระรามที่ 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330',
    addressEn: '2nd Floor, Siam Paragon, 991 Rama I Road, Pathum Wan, Bangkok 10330',
    cityTh: 'กรุงเทพมหานคร',
    cityEn: 'Bangkok',
    latitude: 13.7462,
    longitude: 100.5347,
    phone: '02-129-4410',
    hours: dailyHours('10:00', '22:00'),
  },
  {
    id: 'central-embassy',
    position: 1,
    nameTh: 'เซ็นทรัล เอ็มบาสซี',
    nameEn: 'Central Embassy',
    addressTh: 'ชั้น 3 ศูนย์การค้าเซ็นทรัล เอ็มบาสซี 1031 ถนนเพลินจิต แขวงลุมพินี เขตปทุมวัน กรุงเทพมหานคร 10330',
    addressEn: '3rd Floor, Central Embassy, 1031 Phloen Chit Road, Lumphini, Pathum Wan, Bangkok 10330',
    cityTh: 'กรุงเทพมหานคร',
    cityEn: 'Bangkok',
    latitude: 13.7437,
    longitude: 100.5468,
    phone: '02-160-5832',
    hours: dailyHours('10:00', '22:00'),
  },
  {
    id: 'iconsiam',
    position: 2,
    nameTh: 'ไอคอนสยาม',
    nameEn: 'ICONSIAM',
    addressTh: 'ชั้น 2 ไอคอนสยาม 299 ถนนเจริญนคร แขวงคลองต้นไทร เขตคลองสาน กรุงเทพมหานคร 10600',
    addressEn: '2nd Floor, ICONSIAM, 299 Charoen Nakhon Road, Khlong Ton Sai, Khlong San, Bangkok 10600',
    cityTh: 'กรุงเทพมหานคร',
    cityEn: 'Bangkok',
    latitude: 13.7266,
    longitude: 100.5103,
    phone: '02-288-0176',
    hours: dailyHours('10:00', '22:00', { days: [5, 6], closes: '22:30' }),
  },
  {
    id: 'central-festival-chiang-mai',
    position: 3,
    nameTh: 'เซ็นทรัลเฟสติวัล เชียงใหม่',
    nameEn: 'Central Festival Chiang Mai',
    addressTh:
      'ชั้น 1 ศูนย์การค้าเซ็นทรัลเฟสติวัล เชียงใหม่ 99/3 หมู่ 4 ถนนซุปเปอร์ไฮเวย์เชียงใหม่-ลำปาง ตำบลฟ้าฮ่าม อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50000',
    addressEn:
      '1st Floor, Central Festival Chiang Mai, 99/3 Moo 4, Chiang Mai–Lampang Super Highway, Fa Ham, Mueang Chiang Mai, Chiang Mai 50000',
    cityTh: 'เชียงใหม่',
    cityEn: 'Chiang Mai',
    latitude: 18.8077,
    longitude: 99.0188,
    phone: '053-288-915',
    hours: dailyHours('11:00', '21:00', { days: [0, 6], closes: '22:00' }),
  },
  {
    id: 'jungceylon-phuket',
    position: 4,
    nameTh: 'จังซีลอน ภูเก็ต',
    nameEn: 'Jungceylon Phuket',
    addressTh: 'ชั้น G ศูนย์การค้าจังซีลอน 181 ถนนราษฎร์อุทิศ 200 ปี ตำบลป่าตอง อำเภอกะทู้ จังหวัดภูเก็ต 83150',
    addressEn: 'Ground Floor, Jungceylon, 181 Rat-U-Thit 200 Pi Road, Patong, Kathu, Phuket 83150',
    cityTh: 'ภูเก็ต',
    cityEn: 'Phuket',
    latitude: 7.8912,
    longitude: 98.2993,
    phone: '076-366-214',
    hours: dailyHours('11:00', '22:00'),
  },
  {
    id: 'central-festival-pattaya-beach',
    position: 5,
    nameTh: 'เซ็นทรัลเฟสติวัล พัทยา บีช',
    nameEn: 'Central Festival Pattaya Beach',
    addressTh: 'ชั้น 2 ศูนย์การค้าเซ็นทรัลเฟสติวัล พัทยา บีช 333/99 หมู่ 9 ถนนพัทยาสาย 1 ตำบลหนองปรือ อำเภอบางละมุง จังหวัดชลบุรี 20150',
    addressEn:
      '2nd Floor, Central Festival Pattaya Beach, 333/99 Moo 9, Beach Road, Nong Prue, Bang Lamung, Chon Buri 20150',
    cityTh: 'พัทยา',
    cityEn: 'Pattaya',
    latitude: 12.9347,
    longitude: 100.8832,
    phone: '038-043-577',
    hours: dailyHours('11:00', '22:00', { days: [5, 6], closes: '23:00' }),
  },
]

/** Chance that a store holds an in-stock variant: the Bangkok flagships carry the most. */
const STORE_CARRY: readonly number[] = [0.45, 0.4, 0.4, 0.3, 0.25, 0.25]

// ---------------------------------------------------------------------------------------------
// Products

type Status = 'normal' | 'soldOut' | 'storeOnly' | 'partly'

/** What later steps (collections, relations, editorials) need to know of a product. */
type Meta = {
  id: string
  category: CategorySlug
  gender: Gender
  material: MaterialKey
  typeEn: string
  status: Status
}

type FixedProduct = {
  category: CategorySlug
  gender: Gender
  templateEn: string
  material: MaterialKey
  status: Status
  soldOutSize?: string
  /** How many colours the family has. */
  colors: number
}

/**
 * Model names (issue 29, item 18): a template in a material makes one model ("Wool-Blend Column Dress"); a second and
 * later model of the same template and material is told apart by a name of its own, so no two models of the shop
 * share a name (at any catalog size: past the list, the names are numbered). The names are no search words: none is a
 * colour, material or product type, nor within a typo of one (search-lexicon.ts).
 */
const MODEL_NAMES: ReadonlyArray<{ readonly en: string; readonly th: string }> = [
  { en: 'Mali', th: 'มะลิ' },
  { en: 'Dao', th: 'ดาว' },
  { en: 'Ploy', th: 'พลอย' },
  { en: 'Kaew', th: 'แก้ว' },
  { en: 'Saeng', th: 'แสง' },
  { en: 'Lamai', th: 'ละไม' },
  { en: 'Anong', th: 'อนงค์' },
  { en: 'Butsaba', th: 'บุษบา' },
  { en: 'Pim', th: 'พิมพ์' },
  { en: 'Rin', th: 'ริน' },
  { en: 'Nara', th: 'นารา' },
  { en: 'Wan', th: 'วรรณ' },
]

/** The model name of the `n`th model (0: the first, which has none) of a template and material. */
function modelName(n: number): { en: string; th: string } | null {
  if (n === 0) return null
  const name = MODEL_NAMES[(n - 1) % MODEL_NAMES.length] ?? { en: 'Model', th: 'รุ่น' }
  const round = Math.floor((n - 1) / MODEL_NAMES.length)
  return round === 0 ? name : { en: `${name.en} ${round + 1}`, th: `${name.th} ${round + 1}` }
}

function modelNameEn(base: string, n: number): string {
  const name = modelName(n)
  return name ? `${base} ${name.en}` : base
}

function modelNameTh(base: string, n: number): string {
  const name = modelName(n)
  return name ? `${base} รุ่น${name.th}` : base
}

/** The families of DEMO_EXAMPLES, in that order at numbers 1001–1004. */
const FIXED_PRODUCTS: readonly FixedProduct[] = [
  {
    category: 'dresses',
    gender: 'women',
    templateEn: '{m} Wrap Dress',
    material: 'linen',
    status: 'normal',
    colors: 3,
  },
  {
    category: 'tops',
    gender: 'women',
    templateEn: '{m} Poplin Shirt',
    material: 'cotton',
    status: 'soldOut',
    colors: 2,
  },
  {
    category: 'skirts',
    gender: 'women',
    templateEn: '{m} Pleated Midi Skirt',
    material: 'thai-silk',
    status: 'storeOnly',
    colors: 2,
  },
  {
    category: 'trousers',
    gender: 'women',
    templateEn: '{m} Wide-Leg Trousers',
    material: 'linen',
    status: 'partly',
    soldOutSize: DEMO_EXAMPLES.partlySoldOutSize,
    colors: 3,
  },
]

/** Colours per family: 1–4 distinct colours of the material (mostly one or two), in a random order. */
function familyColors(colors: readonly ColorKey[], fixed: number | undefined, rng: Rng): ColorKey[] {
  const roll = rng()
  const wanted = fixed ?? (roll < 0.35 ? 1 : roll < 0.7 ? 2 : roll < 0.9 ? 3 : 4)
  return shuffle(colors.slice(), rng).slice(0, Math.max(1, wanted))
}

/** The category of every product: shuffled weighted cycles, the fixed products' categories first. */
function categorySequence(count: number, rng: Rng): CategorySlug[] {
  const cycle: CategorySlug[] = []
  for (const slug of CATEGORY_ORDER) for (let w = 0; w < CATEGORY_WEIGHTS[slug]; w++) cycle.push(slug)
  const out: CategorySlug[] = []
  while (out.length < count) {
    const round = shuffle(cycle.slice(), rng)
    if (out.length === 0) {
      for (const fixed of FIXED_PRODUCTS) round.splice(round.indexOf(fixed.category), 1)
      round.unshift(...FIXED_PRODUCTS.map((fixed) => fixed.category))
    }
    for (const slug of round) {
      if (out.length >= count) break
      out.push(slug)
    }
  }
  return out
}

type Sizing = { sizes: string[]; chart: SizeChart | null }

function sizing(def: CategoryDef, gender: Gender, typeEn: string, full: boolean, rng: Rng): Sizing {
  if (def.chart === 'none') return { sizes: ['OS'], chart: null }
  if (def.chart === 'shoes') {
    const eu = gender === 'men' ? MEN_SHOE_SIZES : WOMEN_SHOE_SIZES
    return {
      sizes: eu.map(String),
      chart: {
        columns: [{ ...COLUMN.foot }],
        rows: eu.map((size) => ({ size: String(size), values: [footLength(size)] })),
      },
    }
  }
  const body = gender === 'men' ? MEN_BODY : WOMEN_BODY
  const roll = rng()
  let rows: readonly BodyRow[] = body
  if (!full) {
    if (gender === 'men') rows = roll < 0.7 ? body : body.slice(0, 4)
    else rows = roll < 0.6 ? body : roll < 0.8 ? body.slice(1) : body.slice(0, 4)
  }
  const sizes = rows.map((row) => row.size)
  if (def.chart === 'upper') {
    return {
      sizes,
      chart: {
        columns: [{ ...COLUMN.chest }, { ...COLUMN.waist }, { ...COLUMN.hip }],
        rows: rows.map((row) => ({ size: row.size, values: [row.chest, row.waist, row.hip] })),
      },
    }
  }
  const length = garmentLength(def.slug, gender, typeEn)
  return {
    sizes,
    chart: {
      columns: [{ ...COLUMN.waist }, { ...COLUMN.hip }, { ...COLUMN.length }],
      rows: rows.map((row) => ({ size: row.size, values: [row.waist, row.hip, length + row.rank] })),
    },
  }
}

function findTemplate(def: CategoryDef, en: string): Template {
  const found = def.templates.find((t) => t.en === en)
  if (found === undefined) throw new Error(`demo catalog: no template ${en} in ${def.slug}`)
  return found
}

// ---------------------------------------------------------------------------------------------
// Collections

type SubCollectionDef = {
  slug: string
  nameTh: string
  nameEn: string
  descriptionTh: string
  descriptionEn: string
  match: (product: Meta) => boolean
}

type CollectionDef = {
  slug: string
  nameTh: string
  nameEn: string
  descriptionTh: string
  descriptionEn: string
  subs: readonly SubCollectionDef[]
}

const CLOTHING: ReadonlySet<CategorySlug> = new Set(
  CATEGORY_ORDER.filter((slug) => CATEGORY_DEFS[slug].group === 'clothing'),
)

const COLLECTIONS: readonly CollectionDef[] = [
  {
    slug: 'rainy-season-2026',
    nameTh: 'คอลเลกชันหน้าฝน 2026',
    nameEn: 'Rainy Season 2026',
    descriptionTh: 'เลเยอร์บางเบา ผ้าแห้งไว และกระเป๋าที่พร้อมรับมือกับฝนตกหนักในเมือง',
    descriptionEn: 'Light layers, quick-drying fabrics and bags that keep a city downpour out.',
    subs: [
      {
        slug: 'rainy-season-2026-outerwear',
        nameTh: 'เสื้อคลุมและแจ็กเก็ต',
        nameEn: 'Jackets and Coats',
        descriptionTh: 'เสื้อกันฝน เทรนช์โค้ท และเสื้อคลุมสำหรับบ่ายที่ฟ้าเปลี่ยนเร็ว',
        descriptionEn: 'Rain jackets, trench coats and overshirts for changeable afternoons.',
        match: (p) => p.category === 'outerwear',
      },
      {
        slug: 'rainy-season-2026-bags-and-shoes',
        nameTh: 'กระเป๋าและรองเท้า',
        nameEn: 'Bags and Shoes',
        descriptionTh: 'กระเป๋าโท้ทและรองเท้าที่ลุยแอ่งน้ำได้อย่างมั่นใจ',
        descriptionEn: 'Totes and shoes that take a puddle in their stride.',
        match: (p) => p.category === 'tote-bags' || p.category === 'shoes',
      },
      {
        slug: 'rainy-season-2026-knits',
        nameTh: 'เสื้อถักเนื้อนุ่ม',
        nameEn: 'Soft Knits',
        descriptionTh: 'เสื้อถักเนื้อบางสำหรับออฟฟิศแอร์เย็นและค่ำคืนที่อากาศเย็นลง',
        descriptionEn: 'Light knits for air-conditioned offices and cooler evenings.',
        match: (p) => p.category === 'knitwear',
      },
    ],
  },
  {
    slug: 'songkran-edit',
    nameTh: 'คอลเลกชันสงกรานต์',
    nameEn: 'Songkran Edit',
    descriptionTh: 'ลินินและผ้าฝ้ายใส่สบายสำหรับวันที่ร้อนที่สุดของเทศกาลปีใหม่ไทย',
    descriptionEn: 'Breezy linen and cotton for the hottest days of the Thai New Year.',
    subs: [
      {
        slug: 'songkran-edit-shirts',
        nameTh: 'เสื้อเชิ้ตและเสื้อ',
        nameEn: 'Shirts and Tops',
        descriptionTh: 'เสื้อผ้าลินินและผ้าฝ้ายที่ระบายอากาศดี พร้อมสำหรับทุกงานสงกรานต์',
        descriptionEn: 'Airy linen and cotton tops, ready for every Songkran gathering.',
        match: (p) =>
          p.category === 'tops' &&
          (p.material === 'linen' || p.material === 'cotton' || p.material === 'handwoven-cotton'),
      },
      {
        slug: 'songkran-edit-shorts-and-sets',
        nameTh: 'กางเกงขาสั้นและชุดเซ็ต',
        nameEn: 'Shorts and Sets',
        descriptionTh: 'กางเกงขาสั้นและชุดเซ็ตที่แห้งไว ใส่เล่นน้ำแล้วไปต่อได้เลย',
        descriptionEn: 'Shorts and easy sets that dry fast between water fights.',
        match: (p) => p.category === 'shorts' || p.category === 'sets',
      },
      {
        slug: 'songkran-edit-sandals',
        nameTh: 'รองเท้าแตะและเอสปาดริล',
        nameEn: 'Sandals and Espadrilles',
        descriptionTh: 'รองเท้าเปิดเท้าที่เดินสบายบนถนนเปียกตลอดเทศกาล',
        descriptionEn: 'Open shoes that stay comfortable on wet streets all festival long.',
        match: (p) => p.category === 'shoes' && /Sandals|Espadrilles/.test(p.typeEn),
      },
    ],
  },
  {
    slug: 'office-linen',
    nameTh: 'ลินินสำหรับวันทำงาน',
    nameEn: 'Office Linen',
    descriptionTh: 'งานตัดเย็บผ้าลินินที่ดูเนี้ยบและเย็นสบาย ตั้งแต่ประชุมเช้าจนถึงมื้อค่ำ',
    descriptionEn: 'Crisp linen tailoring that stays cool from the morning meeting to dinner.',
    subs: [
      {
        slug: 'office-linen-women',
        nameTh: 'สำหรับผู้หญิง',
        nameEn: 'For Her',
        descriptionTh: 'เสื้อเชิ้ต เดรส และกางเกงผ้าลินินสำหรับวันทำงานของผู้หญิง',
        descriptionEn: "Linen shirts, dresses and trousers for women's working days.",
        match: (p) => p.material === 'linen' && p.gender === 'women' && CLOTHING.has(p.category),
      },
      {
        slug: 'office-linen-men',
        nameTh: 'สำหรับผู้ชาย',
        nameEn: 'For Him',
        descriptionTh: 'เสื้อเชิ้ต กางเกง และเบลเซอร์ผ้าลินินสำหรับวันทำงานของผู้ชาย',
        descriptionEn: "Linen shirts, trousers and blazers for men's working days.",
        match: (p) => p.material === 'linen' && p.gender === 'men' && CLOTHING.has(p.category),
      },
    ],
  },
  {
    slug: 'weekend-denim',
    nameTh: 'เดนิมวันหยุด',
    nameEn: 'Weekend Denim',
    descriptionTh: 'เดนิมหลากเฉดสี พร้อมกระเป๋าผ้าแคนวาสและรองเท้าผ้าใบที่เข้ากัน',
    descriptionEn: 'Denim in every wash, with canvas bags and sneakers to match.',
    subs: [
      {
        slug: 'weekend-denim-bottoms',
        nameTh: 'กางเกงและกระโปรงยีนส์',
        nameEn: 'Denim Bottoms',
        descriptionTh: 'กางเกงขายาว กางเกงขาสั้น และกระโปรงผ้ายีนส์สำหรับวันสบาย ๆ',
        descriptionEn: 'Denim trousers, shorts and skirts for easy days off.',
        match: (p) =>
          p.material === 'denim' && (p.category === 'trousers' || p.category === 'shorts' || p.category === 'skirts'),
      },
      {
        slug: 'weekend-denim-jackets',
        nameTh: 'แจ็กเก็ตและเสื้อยีนส์',
        nameEn: 'Denim Jackets and Shirts',
        descriptionTh: 'แจ็กเก็ต เสื้อเชิ้ต และจัมป์สูทผ้ายีนส์ที่ยิ่งใส่ยิ่งสวย',
        descriptionEn: 'Denim jackets, shirts and jumpsuits that get better with wear.',
        match: (p) =>
          p.material === 'denim' && p.category !== 'trousers' && p.category !== 'shorts' && p.category !== 'skirts',
      },
      {
        slug: 'weekend-denim-canvas',
        nameTh: 'ผ้าแคนวาสคู่ใจ',
        nameEn: 'Canvas Companions',
        descriptionTh: 'กระเป๋าโท้ท หมวก และรองเท้าผ้าแคนวาสที่เข้ากับเดนิมทุกตัว',
        descriptionEn: 'Canvas totes, hats and shoes that go with every pair of jeans.',
        match: (p) => p.material === 'canvas',
      },
    ],
  },
  {
    slug: 'evening',
    nameTh: 'ค่ำคืนพิเศษ',
    nameEn: 'Evening',
    descriptionTh: 'ผ้าไหมไทย เครื่องเงินขัดเงา และหนังเนื้อนุ่ม สำหรับงานแต่ง มื้อค่ำ และค่ำคืนที่ยาวนาน',
    descriptionEn: 'Thai silk, polished silver and soft leather for weddings, dinners and late nights.',
    subs: [
      {
        slug: 'evening-dresses',
        nameTh: 'เดรสและจัมป์สูท',
        nameEn: 'Dresses and Jumpsuits',
        descriptionTh: 'เดรสและจัมป์สูทที่พร้อมสำหรับงานเลี้ยงตั้งแต่หัวค่ำจนดึก',
        descriptionEn: 'Dresses and jumpsuits that carry you from cocktails to the last dance.',
        match: (p) => p.category === 'dresses' || p.category === 'jumpsuits',
      },
      {
        slug: 'evening-jewelry',
        nameTh: 'จิวเวลรี่',
        nameEn: 'Jewelry',
        descriptionTh: 'เครื่องเงินและทองเหลืองขัดมือ ชิ้นเล็กที่ทำให้ลุคทั้งชุดเปล่งประกาย',
        descriptionEn: 'Hand-finished silver and brass, the small pieces that light up an outfit.',
        match: (p) => p.category === 'jewelry',
      },
      {
        slug: 'evening-thai-silk',
        nameTh: 'ผ้าไหมไทย',
        nameEn: 'Thai Silk',
        descriptionTh: 'เสื้อ กระโปรง และกระเป๋าผ้าไหมไทยที่มีประกายงามยามค่ำคืน',
        descriptionEn: 'Thai silk tops, skirts and bags with a sheen made for the night.',
        match: (p) => p.material === 'thai-silk' && p.category !== 'dresses' && p.category !== 'jumpsuits',
      },
    ],
  },
  {
    slug: 'essentials',
    nameTh: 'เบสิกที่ต้องมี',
    nameEn: 'Essentials',
    descriptionTh: 'ชิ้นที่เราหยิบมาใส่ทุกสัปดาห์ เสื้อดี ๆ กางเกงดี ๆ และกระเป๋าดี ๆ สักใบ',
    descriptionEn: 'The pieces we wear every week: good tops, good trousers and a good bag.',
    subs: [
      {
        slug: 'essentials-tops',
        nameTh: 'เสื้อและเสื้อยืด',
        nameEn: 'Tops and Tees',
        descriptionTh: 'เสื้อผ้าฝ้ายเรียบง่ายที่ใส่ได้ทุกวันและเข้ากับทุกอย่าง',
        descriptionEn: 'Simple cotton tops that work every day and with everything.',
        match: (p) => p.category === 'tops' && p.material === 'cotton',
      },
      {
        slug: 'essentials-trousers',
        nameTh: 'กางเกงขายาว',
        nameEn: 'Trousers',
        descriptionTh: 'กางเกงขายาวทรงสวยที่ใส่ได้ทั้งวันทำงานและวันหยุด',
        descriptionEn: 'Well-cut trousers for working days and days off alike.',
        match: (p) => p.category === 'trousers',
      },
      {
        slug: 'essentials-bags',
        nameTh: 'กระเป๋าใช้ทุกวัน',
        nameEn: 'Everyday Bags',
        descriptionTh: 'กระเป๋าโท้ทที่จุของได้ทั้งวัน ตั้งแต่แล็ปท็อปจนถึงผักจากตลาด',
        descriptionEn: 'Totes that carry a whole day, from a laptop to the market shopping.',
        match: (p) => p.category === 'tote-bags',
      },
    ],
  },
]

const COLLECTION_TARGET = 36
const COLLECTION_MIN = 12

function collectionImage(slug: string, nameTh: string, nameEn: string): CatalogImage {
  return {
    path: `collections/${slug}.svg`,
    width: 1600,
    height: 1000,
    altTh: `ภาพบรรยากาศ ${nameTh} โดย Atelier Siam`,
    altEn: `Atelier Siam ${nameEn} collection`,
  }
}

// ---------------------------------------------------------------------------------------------
// Editorials

type EditorialText = { title: string; excerpt: string; body: RichBlock[] }

type EditorialDef = {
  slug: string
  publishedAt: Date
  heroAltTh: string
  heroAltEn: string
  /** One product per predicate, for the products block. */
  featured: ReadonlyArray<(product: Meta) => boolean>
  th: (productIds: string[]) => EditorialText
  en: (productIds: string[]) => EditorialText
}

const h2 = (text: string): RichBlock => ({ kind: 'h2', text })
const p = (text: string): RichBlock => ({ kind: 'p', text })
const quote = (text: string): RichBlock => ({ kind: 'quote', text })
const ul = (items: string[]): RichBlock => ({ kind: 'ul', items })
const featuredProducts = (productIds: string[]): RichBlock => ({ kind: 'products', productIds })

const EDITORIALS: readonly EditorialDef[] = [
  {
    slug: 'inside-the-atelier',
    publishedAt: new Date(Date.UTC(2026, 0, 22, 3, 0)),
    heroAltTh: 'ช่างแพทเทิร์นกำลังวางแพทเทิร์นกระดาษบนผ้าลินินบนโต๊ะตัดผ้า',
    heroAltEn: 'A pattern cutter laying a paper pattern on linen at the cutting table',
    featured: [
      (m) => m.category === 'tops' && m.material === 'linen' && m.gender === 'women',
      (m) => m.category === 'tops' && m.material === 'linen' && m.gender === 'men',
      (m) => m.category === 'trousers' && m.material === 'linen',
      (m) => m.category === 'tops' && m.material === 'cotton',
    ],
    en: (ids) => ({
      title: 'Inside the Atelier: The Making of a Linen Shirt',
      excerpt:
        'From the first paper pattern to the last hand-sewn button, a single shirt passes through eleven pairs of hands in our Bangkok workshop. We followed one from start to finish.',
      body: [
        h2('It begins on the cutting table'),
        p(
          'Every Atelier Siam piece starts the same way: as a paper pattern laid out on a long oak table on the second floor of our shophouse studio in Bangkok. Our pattern cutter, Khun Noi, has been drafting shirts for more than twenty years, and she still checks every new pattern on a real person before it goes anywhere near the fabric. A collar that looks perfect on paper can sit a few millimetres too high on the neck, and those millimetres are the difference between a shirt you reach for every morning and one that stays on the hanger.',
        ),
        p(
          'Linen is honest but unforgiving. It moves as it is cut, it remembers every crease, and it shrinks if you treat it carelessly. So before a single panel is cut, we wash and dry each roll of fabric once, exactly as you will at home. The pattern is then laid along the grain, held down with weights rather than pins, and cut with long shears in one steady motion.',
        ),
        h2('Eleven pairs of hands'),
        p(
          'A linen shirt takes around forty minutes at the sewing machine, but almost three hours of handling in total. Seams are flat-felled so that no raw edge touches the skin, side vents are reinforced with a small bar tack, and the collar is pressed at four separate stages. Buttonholes are cut only after the shirt has been pressed, so that they sit exactly where the placket falls.',
        ),
        quote(
          '“We are not trying to be fast. We are trying to make a shirt that is still good in ten years.” — Khun Noi, head of pattern cutting',
        ),
        p(
          'At the end of the line, every piece reaches our finishing table, where loose threads are trimmed, buttons are checked twice, and the shirt is folded by hand around a sheet of recycled paper. If anything is not right, it goes back, no matter how small the fault.',
        ),
        h2('What we check, every time'),
        ul([
          'Straight, flat seams with no puckering at the shoulder',
          'Collar points that match to the millimetre',
          'Buttons sewn on a thread shank, so they are easy to fasten',
          'A hem that falls level when the shirt is worn untucked',
        ]),
        p(
          'Below are some of the pieces that came off our cutting table this season. Each one carries the same care: fewer pieces, made slowly, made to last. We hope you will wear them for many years, and bring them back to us if a button ever needs sewing on again.',
        ),
        featuredProducts(ids),
      ],
    }),
    th: (ids) => ({
      title: 'เบื้องหลังอเตลิเย่ร์: กว่าจะเป็นเสื้อเชิ้ตลินินหนึ่งตัว',
      excerpt:
        'จากแพทเทิร์นกระดาษแผ่นแรกจนถึงกระดุมเม็ดสุดท้ายที่เย็บด้วยมือ เสื้อเชิ้ตหนึ่งตัวผ่านมือช่างถึงสิบเอ็ดคนในเวิร์กช็อปของเราที่กรุงเทพฯ เราติดตามเสื้อตัวหนึ่งตั้งแต่ต้นจนจบ',
      body: [
        h2('ทุกอย่างเริ่มต้นบนโต๊ะตัดผ้า'),
        p(
          'งานทุกชิ้นของ Atelier Siam เริ่มต้นแบบเดียวกัน คือแพทเทิร์นกระดาษที่วางอยู่บนโต๊ะไม้โอ๊กตัวยาว บนชั้นสองของสตูดิโอในตึกแถวกลางกรุงเทพฯ คุณน้อย ช่างแพทเทิร์นของเรา ทำแพทเทิร์นเสื้อเชิ้ตมากว่ายี่สิบปี และจนถึงวันนี้เธอยังคงลองแพทเทิร์นใหม่ทุกชิ้นกับคนจริงก่อนจะนำไปตัดผ้า ปกเสื้อที่ดูสมบูรณ์แบบบนกระดาษ อาจตั้งสูงเกินไปเพียงไม่กี่มิลลิเมตรเมื่อสวมจริง และไม่กี่มิลลิเมตรนั้นเองคือความต่างระหว่างเสื้อที่คุณหยิบมาใส่ทุกเช้า กับเสื้อที่ถูกแขวนทิ้งไว้ในตู้',
        ),
        p(
          'ผ้าลินินซื่อตรงแต่ไม่ให้อภัย มันขยับตัวขณะตัด จดจำทุกรอยพับ และหดตัวได้หากดูแลไม่ดี ก่อนจะตัดผ้าชิ้นแรก เราจึงนำผ้าทุกม้วนไปซักและตากหนึ่งรอบ เหมือนกับที่คุณจะทำที่บ้าน จากนั้นจึงวางแพทเทิร์นตามแนวเส้นด้าย ใช้ตุ้มน้ำหนักกดไว้แทนการกลัดเข็ม และตัดด้วยกรรไกรยาวในจังหวะเดียวอย่างมั่นคง',
        ),
        h2('สิบเอ็ดมือที่ส่งต่อกัน'),
        p(
          'เสื้อเชิ้ตลินินหนึ่งตัวใช้เวลาเย็บด้วยจักรราวสี่สิบนาที แต่ใช้เวลาอยู่ในมือช่างรวมแล้วเกือบสามชั่วโมง ตะเข็บเย็บแบบตะเข็บล้มเพื่อไม่ให้ขอบผ้าสัมผัสผิว ช่องผ่าข้างเสริมความแข็งแรงด้วยการเย็บกันรุ่ย และปกเสื้อถูกรีดแยกกันถึงสี่ขั้นตอน รังดุมจะถูกเจาะหลังจากรีดเสื้อเสร็จแล้วเท่านั้น เพื่อให้ตำแหน่งตรงกับสาบเสื้อพอดี',
        ),
        quote('“เราไม่ได้พยายามทำให้เร็ว เราพยายามทำเสื้อที่ยังดีอยู่แม้ผ่านไปสิบปี” — คุณน้อย หัวหน้าฝ่ายแพทเทิร์น'),
        p(
          'ที่ปลายสายการผลิต งานทุกชิ้นจะมาถึงโต๊ะเก็บงาน ที่นี่เราเล็มเศษด้าย ตรวจกระดุมสองรอบ และพับเสื้อด้วยมือรอบกระดาษรีไซเคิลหนึ่งแผ่น หากมีอะไรไม่เรียบร้อย เสื้อตัวนั้นจะถูกส่งกลับไปแก้ ไม่ว่าจุดบกพร่องจะเล็กเพียงใด',
        ),
        h2('สิ่งที่เราตรวจทุกครั้ง'),
        ul([
          'ตะเข็บตรงและเรียบ ไม่ย่นบริเวณไหล่',
          'ปลายปกเสื้อสองข้างเท่ากันทุกมิลลิเมตร',
          'กระดุมเย็บแบบมีก้านด้าย ติดและปลดได้ง่าย',
          'ชายเสื้อตกลงเสมอกันเมื่อใส่แบบปล่อยชาย',
        ]),
        p(
          'ด้านล่างคืองานบางส่วนที่เพิ่งออกจากโต๊ะตัดผ้าของเราในซีซันนี้ ทุกชิ้นได้รับความใส่ใจแบบเดียวกัน ผลิตน้อยชิ้น ทำอย่างช้า ๆ และทำให้อยู่ได้นาน เราหวังว่าคุณจะใส่มันไปอีกหลายปี และหากวันหนึ่งกระดุมหลุด ก็นำกลับมาให้เราเย็บให้ใหม่ได้เสมอ',
        ),
        featuredProducts(ids),
      ],
    }),
  },
  {
    slug: 'thai-textiles-loom-to-wardrobe',
    publishedAt: new Date(Date.UTC(2026, 3, 9, 3, 0)),
    heroAltTh: 'ช่างทอผ้ากำลังทอผ้าไหมมัดหมี่บนกี่ไม้ใต้ถุนเรือน',
    heroAltEn: 'A weaver working mudmee silk on a wooden loom beneath a raised house',
    featured: [
      (m) => m.category === 'dresses' && m.material === 'thai-silk',
      (m) => m.material === 'handwoven-cotton' && CLOTHING.has(m.category),
      (m) => m.category === 'accessories' && m.material === 'thai-silk',
      (m) => (m.category === 'skirts' || m.category === 'sets') && m.material === 'thai-silk',
    ],
    en: (ids) => ({
      title: 'From Loom to Wardrobe: Thai Silk and Handwoven Cotton',
      excerpt:
        'We work with weaving communities in Khon Kaen, Surin and Nan. This is the story of the cloth behind our collections, and of the people who make it.',
      body: [
        p(
          'Long before a garment reaches our studio, its story begins beneath a raised wooden house in the northeast of Thailand, where a loom clicks steadily through the hottest hours of the afternoon. Thai silk and handwoven cotton are at the heart of what we do, and the people who weave them are our oldest partners.',
        ),
        h2('Silk from Khon Kaen and Surin'),
        p(
          'Thai silk is woven from thread spun by silkworms that feed on mulberry leaves the weavers grow themselves. The thread is uneven by nature, and that irregularity gives the cloth its soft, shifting sheen. In Chonnabot, in Khon Kaen province, families have woven mudmee, silk tie-dyed in the thread before weaving, for generations. In Surin, the weavers we work with are known for deep, earthy colours drawn from lac, indigo and ebony fruit.',
        ),
        p(
          'We buy in small lots, agree on colours a full season ahead, and pay for the cloth before it leaves the village. It is slower and more expensive than ordering from a mill, but it means the weavers can plan their year and their children can make a living at home.',
        ),
        quote(
          '“When the price is fair, the daughters want to learn. That is how a pattern survives.” — a weaver in Chonnabot',
        ),
        h2('Cotton from Nan'),
        p(
          'Our handwoven cotton comes from a cooperative of about thirty weavers in Nan, close to the border with Laos. The cotton is spun into a fairly thick thread and woven on narrow looms, which is why our handwoven shirts and skirts have a slightly textured, almost crisp hand. It softens beautifully with washing, and every bolt is a little different from the last.',
        ),
        h2('How to care for handwoven cloth'),
        ul([
          'Wash by hand in cold water with a mild detergent',
          'Never wring; press the water out gently in a towel',
          'Dry flat in the shade, away from strong sun',
          'Store Thai silk folded in cotton, never in plastic',
        ]),
        p(
          'A little irregularity in the weave is not a fault; it is the signature of the hand that made it. Here are the pieces from this season that carry that signature, each one cut so that as little of the precious cloth as possible ends up on the workshop floor.',
        ),
        featuredProducts(ids),
      ],
    }),
    th: (ids) => ({
      title: 'จากกี่ทอสู่ตู้เสื้อผ้า: ผ้าไหมไทยและผ้าฝ้ายทอมือ',
      excerpt: 'เราทำงานร่วมกับชุมชนช่างทอในขอนแก่น สุรินทร์ และน่าน นี่คือเรื่องราวของผืนผ้าเบื้องหลังคอลเลกชันของเรา และของผู้คนที่ทอมันขึ้นมา',
      body: [
        p(
          'ก่อนที่เสื้อผ้าสักชิ้นจะมาถึงสตูดิโอของเรา เรื่องราวของมันเริ่มต้นขึ้นใต้ถุนเรือนไม้ในภาคตะวันออกเฉียงเหนือ ที่ซึ่งเสียงกี่ทอผ้าดังเป็นจังหวะตลอดช่วงบ่ายที่ร้อนที่สุดของวัน ผ้าไหมไทยและผ้าฝ้ายทอมือคือหัวใจของงานที่เราทำ และช่างทอผ้าเหล่านี้คือพาร์ตเนอร์ที่อยู่กับเรามานานที่สุด',
        ),
        h2('ผ้าไหมจากขอนแก่นและสุรินทร์'),
        p(
          'ผ้าไหมไทยทอจากเส้นไหมของตัวไหมที่กินใบหม่อนซึ่งช่างทอปลูกเอง เส้นไหมมีความไม่สม่ำเสมอตามธรรมชาติ และความไม่สม่ำเสมอนั้นเองที่ทำให้ผืนผ้ามีประกายนุ่มนวลที่เปลี่ยนไปตามแสง ที่อำเภอชนบท จังหวัดขอนแก่น หลายครอบครัวทอผ้าไหมมัดหมี่ ซึ่งเป็นการมัดย้อมเส้นไหมก่อนนำไปทอ สืบต่อกันมาหลายชั่วอายุคน ส่วนช่างทอที่สุรินทร์ที่เราทำงานด้วย ขึ้นชื่อเรื่องสีเข้มลึกแบบสีดิน ที่ได้จากครั่ง คราม และลูกมะเกลือ',
        ),
        p(
          'เราสั่งผ้าครั้งละไม่มาก ตกลงเรื่องสีกันล่วงหน้าหนึ่งซีซันเต็ม และชำระค่าผ้าก่อนที่ผ้าจะออกจากหมู่บ้าน วิธีนี้ช้ากว่าและแพงกว่าการสั่งจากโรงงาน แต่ทำให้ช่างทอวางแผนทั้งปีได้ และลูกหลานก็สามารถทำงานอยู่ที่บ้านได้โดยไม่ต้องจากไปไหน',
        ),
        quote('“เมื่อราคายุติธรรม ลูกสาวก็อยากเรียนทอผ้า นั่นคือวิธีที่ลวดลายหนึ่งจะอยู่รอดต่อไป” — ช่างทอผ้าที่อำเภอชนบท'),
        h2('ผ้าฝ้ายจากน่าน'),
        p(
          'ผ้าฝ้ายทอมือของเรามาจากกลุ่มสหกรณ์ช่างทอราวสามสิบคนในจังหวัดน่าน ใกล้ชายแดนลาว ฝ้ายถูกปั่นเป็นเส้นด้ายค่อนข้างหนาและทอด้วยกี่หน้าแคบ เสื้อเชิ้ตและกระโปรงผ้าฝ้ายทอมือของเราจึงมีผิวสัมผัสเป็นเท็กซ์เจอร์เล็กน้อยและค่อนข้างอยู่ทรง ผ้าจะนุ่มลงอย่างสวยงามหลังการซัก และผ้าแต่ละพับก็มีเอกลักษณ์ไม่เหมือนกัน',
        ),
        h2('วิธีดูแลผ้าทอมือ'),
        ul([
          'ซักมือด้วยน้ำเย็นและน้ำยาซักผ้าสูตรอ่อนโยน',
          'ห้ามบิดผ้า ให้ซับน้ำออกเบา ๆ ด้วยผ้าขนหนู',
          'ตากแนวราบในที่ร่ม หลีกเลี่ยงแดดจัด',
          'เก็บผ้าไหมไทยโดยพับห่อด้วยผ้าฝ้าย ไม่ใช่ถุงพลาสติก',
        ]),
        p(
          'ความไม่สม่ำเสมอเล็ก ๆ ในลายทอไม่ใช่ตำหนิ แต่คือลายเซ็นของมือที่ทอมันขึ้นมา นี่คืองานในซีซันนี้ที่มีลายเซ็นนั้นอยู่ ทุกชิ้นวางแพทเทิร์นอย่างระมัดระวัง เพื่อให้ผ้าอันมีค่าเหลือทิ้งบนพื้นเวิร์กช็อปน้อยที่สุด',
        ),
        featuredProducts(ids),
      ],
    }),
  },
  {
    slug: 'rainy-season-2026-story',
    publishedAt: new Date(Date.UTC(2026, 5, 3, 3, 0)),
    heroAltTh: 'นางแบบสวมเสื้อคลุมกันฝนสีเขียวมะกอกเดินบนถนนเปียกฝนในกรุงเทพฯ',
    heroAltEn: 'A model in an olive rain jacket walking along a rain-soaked Bangkok street',
    featured: [
      (m) => m.category === 'outerwear' && m.material === 'recycled-polyester',
      (m) => m.category === 'tote-bags' && /Zip|Laptop/.test(m.typeEn),
      (m) => m.category === 'shoes' && m.typeEn.includes('Sandals'),
      (m) => m.category === 'trousers',
    ],
    en: (ids) => ({
      title: 'Rainy Season 2026: Dressing for the Monsoon City',
      excerpt:
        'Sudden downpours, sticky afternoons and air-conditioned offices: our Rainy Season 2026 collection is designed for all three, often on the same day.',
      body: [
        p(
          'Anyone who lives in Bangkok knows the rhythm of the rainy season. The morning is bright and heavy with heat, the sky darkens after lunch, and by five o’clock the sois are running with water. Then the rain stops as suddenly as it came, and the whole city steams. Dressing for a day like that is a small art, and it was the starting point for our Rainy Season 2026 collection.',
        ),
        h2('Light layers, quick to dry'),
        p(
          'The collection is built around layers that weigh almost nothing. Our hooded rain jackets are cut from recycled polyester that sheds a downpour and dries on the back of a chair in under an hour. Trench coats are made in a dense cotton that keeps out a light shower and still breathes on a crowded skytrain. Underneath, linen and cotton shirts do the work of keeping you cool, and fold into a tote without complaint.',
        ),
        quote(
          '“We designed every piece to survive the walk from the skytrain to the office, whatever the sky is doing.” — the Atelier Siam design team',
        ),
        h2('Colours of the season'),
        p(
          'The palette came from the city after the rain: the olive of wet banana leaves, the deep indigo of a storm cloud over the Chao Phraya, the stone grey of freshly washed pavement, and a single warm accent of burgundy, borrowed from the umbrellas of the street vendors in Yaowarat.',
        ),
        p(
          'We kept the shapes simple so that the colours could do the talking. Trousers are cropped just above the ankle, jackets fall to the hip, and every bag closes with a zip, because nothing ruins an afternoon faster than a wet laptop.',
        ),
        h2('Our rainy day checklist'),
        ul([
          'A packable jacket that rolls into its own pocket',
          'Trousers cropped just above the ankle, so the hems stay dry',
          'Leather sandals or sneakers that can take a puddle',
          'A roomy tote with a zip to keep a laptop safe',
        ]),
        p(
          'The full collection is in our stores from June and online now. These are the pieces our own team has been wearing all season, from the first storm in May to the last one in October.',
        ),
        featuredProducts(ids),
      ],
    }),
    th: (ids) => ({
      title: 'หน้าฝน 2026: แต่งตัวอย่างไรในเมืองแห่งมรสุม',
      excerpt:
        'ฝนที่ตกลงมาอย่างกะทันหัน บ่ายที่อบอ้าว และออฟฟิศที่แอร์เย็นจัด คอลเลกชันหน้าฝน 2026 ของเราออกแบบมาเพื่อทั้งสามอย่าง ซึ่งมักเกิดขึ้นในวันเดียวกัน',
      body: [
        p(
          'ใครที่อยู่กรุงเทพฯ ย่อมรู้จังหวะของหน้าฝนดี ช่วงเช้าแดดจ้าและร้อนอบอ้าว ฟ้าเริ่มครึ้มหลังมื้อกลางวัน และพอห้าโมงเย็น น้ำก็เริ่มเจิ่งนองไปตามซอย จากนั้นฝนก็หยุดเร็วพอ ๆ กับที่มา แล้วทั้งเมืองก็อบไอร้อนขึ้นมาอีกครั้ง การแต่งตัวสำหรับวันแบบนี้เป็นศิลปะเล็ก ๆ อย่างหนึ่ง และนั่นคือจุดเริ่มต้นของคอลเลกชันหน้าฝน 2026',
        ),
        h2('เลเยอร์บางเบาที่แห้งไว'),
        p(
          'คอลเลกชันนี้สร้างขึ้นจากเลเยอร์ที่แทบไม่มีน้ำหนัก เสื้อคลุมกันฝนมีฮู้ดของเราตัดเย็บจากผ้าโพลีเอสเตอร์รีไซเคิลที่กันฝนที่เทลงมาได้ และแห้งบนพนักเก้าอี้ภายในไม่ถึงชั่วโมง เทรนช์โค้ทผลิตจากผ้าฝ้ายเนื้อแน่นที่กันฝนปรอย ๆ ได้ แต่ยังระบายอากาศดีเมื่ออยู่บนรถไฟฟ้าที่แน่นขนัด ส่วนด้านใน เสื้อเชิ้ตลินินและผ้าฝ้ายช่วยให้คุณเย็นสบาย และพับใส่กระเป๋าโท้ทได้โดยไม่ยับมาก',
        ),
        quote('“เราออกแบบทุกชิ้นให้รอดจากการเดินจากสถานีรถไฟฟ้าไปถึงออฟฟิศ ไม่ว่าฟ้าจะเป็นอย่างไร” — ทีมออกแบบ Atelier Siam'),
        h2('สีของซีซัน'),
        p(
          'โทนสีของคอลเลกชันได้มาจากเมืองหลังฝนตก สีเขียวมะกอกของใบตองเปียกฝน สีครามเข้มของเมฆฝนเหนือแม่น้ำเจ้าพระยา สีเทาหินของทางเท้าที่เพิ่งถูกชะล้าง และสีแดงเลือดหมูอบอุ่นเพียงสีเดียวที่ยืมมาจากร่มของแม่ค้าในเยาวราช',
        ),
        p(
          'เราเลือกทรงที่เรียบง่ายเพื่อให้สีได้ทำหน้าที่ของมัน กางเกงยาวเหนือข้อเท้าเล็กน้อย แจ็กเก็ตยาวถึงสะโพก และกระเป๋าทุกใบปิดด้วยซิป เพราะไม่มีอะไรทำลายบ่ายวันหนึ่งได้เร็วไปกว่าแล็ปท็อปที่เปียกน้ำ',
        ),
        h2('เช็กลิสต์สำหรับวันฝนตก'),
        ul([
          'แจ็กเก็ตที่ม้วนเก็บในกระเป๋าของตัวเองได้',
          'กางเกงความยาวเหนือข้อเท้าเล็กน้อย ปลายขาจะได้ไม่เปียก',
          'รองเท้าแตะหนังหรือรองเท้าผ้าใบที่ลุยแอ่งน้ำได้',
          'กระเป๋าโท้ทใบใหญ่มีซิป เก็บแล็ปท็อปได้อย่างปลอดภัย',
        ]),
        p(
          'คอลเลกชันทั้งหมดวางจำหน่ายที่ร้านของเราตั้งแต่เดือนมิถุนายน และสั่งซื้อออนไลน์ได้แล้ววันนี้ นี่คือชิ้นที่ทีมของเราใส่กันตลอดทั้งซีซัน ตั้งแต่พายุลูกแรกในเดือนพฤษภาคมจนถึงลูกสุดท้ายในเดือนตุลาคม',
        ),
        featuredProducts(ids),
      ],
    }),
  },
  {
    slug: 'chiang-mai-store-opening',
    publishedAt: new Date(Date.UTC(2026, 8, 17, 3, 0)),
    heroAltTh: 'ร้าน Atelier Siam สาขาเซ็นทรัลเฟสติวัล เชียงใหม่ ผนังปูนหมักและเคาน์เตอร์ไม้สัก',
    heroAltEn: 'The Atelier Siam store at Central Festival Chiang Mai, with lime-plaster walls and a teak counter',
    featured: [
      (m) => m.material === 'handwoven-cotton' && CLOTHING.has(m.category),
      (m) => m.category === 'knitwear',
      (m) => m.category === 'jewelry' && m.material === 'sterling-silver',
      (m) => m.category === 'tote-bags' && (m.material === 'handwoven-cotton' || m.material === 'canvas'),
    ],
    en: (ids) => ({
      title: 'A New Home in Chiang Mai',
      excerpt:
        'Our sixth store opens at Central Festival Chiang Mai, with fitting rooms lined in handwoven cotton and a corner for local makers.',
      body: [
        p(
          'Chiang Mai has always been close to our hearts. Many of the weavers we work with live within a few hours’ drive of the city, and our design team travels north every season to choose colours, visit looms and, to be honest, to eat khao soi. So when the chance came to open a store at Central Festival Chiang Mai, we did not need long to decide.',
        ),
        h2('A store built by northern hands'),
        p(
          'The store was designed with a small architecture studio from the Nimman area. The walls are finished in a warm lime plaster, the counters are made from reclaimed teak, and the fitting rooms are lined with handwoven cotton from the same cooperative in Nan that weaves the cloth for our shirts. The lamps were made in San Kamphaeng, a few kilometres down the road.',
        ),
        p(
          'Alongside the full women’s and men’s collections, you will find a corner dedicated to local makers: ceramic cups from Mae Rim, indigo-dyed scarves from Sakon Nakhon, and silver from the smiths of Wua Lai, the street famous for its temple covered in silver.',
        ),
        quote(
          '“We wanted the store to feel like a visit to the workshop, not like another shop in a mall.” — store manager, Central Festival Chiang Mai',
        ),
        h2('Good to know'),
        ul([
          'Open daily from 11:00 to 21:00, and until 22:00 at weekends',
          'Free hemming on trousers and skirts bought in store',
          'Reserve online and collect in store, usually the same day',
          'A weaving workshop with our partner communities every month',
        ]),
        p(
          'To celebrate the opening, we have brought together a small edit of pieces that feel at home in the north: cool cotton for bright afternoons, soft layers for the chilly mornings of December, and silver to wear every day. Come and say hello; the kettle is always on, and there is a comfortable chair for anyone who would rather wait than shop. We look forward to meeting you, and to many more seasons in the north.',
        ),
        featuredProducts(ids),
      ],
    }),
    th: (ids) => ({
      title: 'บ้านหลังใหม่ของเราที่เชียงใหม่',
      excerpt: 'ร้านสาขาที่หกของเราเปิดแล้วที่เซ็นทรัลเฟสติวัล เชียงใหม่ พร้อมห้องลองชุดที่บุด้วยผ้าฝ้ายทอมือ และมุมพิเศษสำหรับงานของช่างฝีมือท้องถิ่น',
      body: [
        p(
          'เชียงใหม่อยู่ในใจเราเสมอ ช่างทอหลายคนที่เราทำงานด้วยอาศัยอยู่ห่างจากตัวเมืองเพียงไม่กี่ชั่วโมง และทีมออกแบบของเราก็ขึ้นเหนือทุกซีซันเพื่อเลือกสี เยี่ยมชมกี่ทอผ้า และถ้าจะให้พูดตามตรง ก็เพื่อกินข้าวซอยด้วย ดังนั้นเมื่อมีโอกาสเปิดร้านที่เซ็นทรัลเฟสติวัล เชียงใหม่ เราจึงตัดสินใจได้ไม่ยากเลย',
        ),
        h2('ร้านที่สร้างด้วยมือของคนเหนือ'),
        p(
          'ร้านนี้ออกแบบร่วมกับสตูดิโอสถาปนิกเล็ก ๆ จากย่านนิมมานฯ ผนังฉาบด้วยปูนหมักโทนอบอุ่น เคาน์เตอร์ทำจากไม้สักเก่าที่นำกลับมาใช้ใหม่ และห้องลองชุดบุด้วยผ้าฝ้ายทอมือจากสหกรณ์ในจังหวัดน่าน ซึ่งเป็นกลุ่มเดียวกับที่ทอผ้าสำหรับเสื้อเชิ้ตของเรา ส่วนโคมไฟผลิตที่สันกำแพง ห่างออกไปเพียงไม่กี่กิโลเมตร',
        ),
        p(
          'นอกจากคอลเลกชันผู้หญิงและผู้ชายครบทุกชิ้นแล้ว ในร้านยังมีมุมพิเศษสำหรับงานของช่างฝีมือท้องถิ่น ทั้งแก้วเซรามิกจากแม่ริม ผ้าพันคอย้อมครามจากสกลนคร และเครื่องเงินจากช่างเงินย่านวัวลาย ถนนที่ขึ้นชื่อเรื่องวัดซึ่งประดับด้วยเงินทั้งหลัง',
        ),
        quote('“เราอยากให้ร้านนี้ให้ความรู้สึกเหมือนได้มาเยี่ยมเวิร์กช็อป ไม่ใช่แค่ร้านอีกร้านหนึ่งในห้าง” — ผู้จัดการร้าน เซ็นทรัลเฟสติวัล เชียงใหม่'),
        h2('ข้อมูลที่ควรรู้'),
        ul([
          'เปิดทุกวัน 11:00–21:00 น. และถึง 22:00 น. ในวันเสาร์และอาทิตย์',
          'บริการแก้ความยาวกางเกงและกระโปรงฟรีเมื่อซื้อที่ร้าน',
          'จองสินค้าออนไลน์และรับที่ร้าน ส่วนใหญ่รับได้ภายในวันเดียวกัน',
          'เวิร์กช็อปทอผ้ากับชุมชนพาร์ตเนอร์ของเราทุกเดือน',
        ]),
        p(
          'เพื่อฉลองการเปิดร้าน เราได้คัดสรรงานชุดเล็ก ๆ ที่เข้ากับภาคเหนือได้อย่างลงตัว ทั้งผ้าฝ้ายใส่สบายสำหรับบ่ายที่แดดจ้า เลเยอร์เนื้อนุ่มสำหรับเช้าที่อากาศเย็นในเดือนธันวาคม และเครื่องเงินที่ใส่ได้ทุกวัน แวะมาทักทายกันได้เลย เรามีชาร้อนรออยู่เสมอ และมีเก้าอี้นั่งสบายไว้ให้สำหรับคนที่อยากนั่งรอมากกว่าเดินช้อป เราตั้งตารอที่จะได้พบคุณ และอีกหลายซีซันที่จะตามมาในภาคเหนือ',
        ),
        featuredProducts(ids),
      ],
    }),
  },
]

// ---------------------------------------------------------------------------------------------
// The catalog

/** Deterministic: the same catalog on every call (a seeded PRNG, e.g. mulberry32, no Math.random, no Date.now). */
export function buildDemoCatalog(options?: { productCount?: number; seed?: number }): DemoCatalog {
  const count = options?.productCount ?? DEMO_DEFAULT_PRODUCT_COUNT
  const seed = options?.seed ?? DEMO_DEFAULT_SEED
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`productCount must be a whole number: ${count}`)

  const rng = mulberry32(seed)
  const catalog: DemoCatalog = {
    categories: CATEGORY_ORDER.map((slug, position) => ({
      slug,
      position,
      nameTh: CATEGORY_DEFS[slug].nameTh,
      nameEn: CATEGORY_DEFS[slug].nameEn,
      domesticOnly: slug === 'shoes',
    })),
    products: [],
    variants: [],
    stores: STORES.map((store) => ({ ...store, hours: store.hours.map((entry) => ({ ...entry })) })),
    storeStock: [],
    collections: [],
    collectionProducts: [],
    editorials: [],
    productRelations: [],
  }

  const metas: Meta[] = []
  const perCategory = new Map<CategorySlug, number>()
  const slot = (CATALOG_END - CATALOG_START) / Math.max(count, 1)
  let barcode = FIRST_BARCODE
  let partlyCounter = 0
  // Rows (one per colour) so far: the count is of rows, so that benchmark sizes still mean rows.
  let row = 0
  // Every model of a category appears before any appears twice, so the demo shop has each kind of product.
  const templateUses = new Map<Template, number>()
  const materialUses = new Map<CategorySlug, Map<MaterialKey, number>>()
  // How many models of each template and material came before: the second and later get a model name.
  const modelNumbers = new Map<string, number>()

  for (const [f, category] of categorySequence(count, rng).entries()) {
    if (row >= count) break
    const def = CATEGORY_DEFS[category]
    const fixed = FIXED_PRODUCTS[f]
    const k = perCategory.get(category) ?? 0
    perCategory.set(category, k + 1)

    const gender = fixed?.gender ?? def.genderMix[k % def.genderMix.length] ?? 'women'
    const template = fixed ? findTemplate(def, fixed.templateEn) : leastUsed(def.byGender[gender], templateUses, rng)
    templateUses.set(template, (templateUses.get(template) ?? 0) + 1)
    // A category's materials come in turn (denim trousers as well as linen ones, a linen jumpsuit too).
    const materialsUsed = materialUses.get(category) ?? new Map<MaterialKey, number>()
    materialUses.set(category, materialsUsed)
    const materialKey = fixed?.material ?? leastUsed(template.materials, materialsUsed, rng)
    materialsUsed.set(materialKey, (materialsUsed.get(materialKey) ?? 0) + 1)
    const material = MATERIALS[materialKey]
    const colorKeys = familyColors(material.colors, fixed?.colors, rng).slice(0, count - row)

    const baseEn = template.en.replace('{m}', material.nameEn)
    const baseTh = template.th.replace('{mm}', material.th).replace('{m}', material.fabricTh)
    const modelNumber = modelNumbers.get(baseEn) ?? 0
    modelNumbers.set(baseEn, modelNumber + 1)
    const nameEn = modelNameEn(baseEn, modelNumber)
    const nameTh = modelNameTh(baseTh, modelNumber)
    const typeEn = template.en.replace('{m} ', '')
    const typeTh = template.th.replace('{mm}', '').replace('{m}', '')
    const familyId = `${slugify(nameEn)}-${FIRST_PRODUCT_NUMBER + f}`

    // Description: material, fit, occasion.
    const verb = VERBS[def.group]
    const plural = /[^s]s$/.test(typeEn)
    const fit = def.group === 'clothing' ? clothingFit(typeEn, rng) : fitFor(def.group, typeEn, rng)
    const occasion = pick(OCCASIONS[def.group], rng)
    const occasionEn = plural ? occasion.en.replace(/\bit\b/g, 'them') : occasion.en
    const descriptionEn = `${plural ? 'These' : 'This'} ${lowerType(typeEn)} ${plural ? 'are' : 'is'} ${verb.en} ${material.phraseEn}. ${fit.en} ${occasionEn}`
    const descriptionTh = `${typeTh}${template.classifier ?? def.classifier}${verb.th}${material.phraseTh} ${fit.th} ${occasion.th}`

    // One model: the same sizes, prices and tags in every colour.
    const { sizes, chart } = sizing(def, gender, typeEn, fixed !== undefined, rng)

    // Tags and prices.
    const isNew = row >= count - NEW_ARRIVALS
    const budget = def.budget && !isNew && (k % 20 === 2 || k % 25 === 4)
    const onSale = budget || (!isNew && (k % 20 === 2 || k % 20 === 9 || k % 20 === 15))
    const tags: ProductTag[] = []
    if (isNew) tags.push('new')
    if (onSale) tags.push('sale')
    if (k % 25 === 4 || k % 25 === 17) tags.push('club')
    // §9 mix-and-match: every third basic at full price, at a shelf price that makes the bundle a believable saving.
    const mixMatch = isMixMatchCategory(def) && k % 3 === 1 && !onSale && !tags.includes('club')
    if (mixMatch) tags.push('mix_match')

    const [low, high] = def.priceBaht
    const shelfBaht = budget
      ? pick([590, 690, 790], rng)
      : shopPrice((low + rng() * (high - low)) * material.priceFactor)
    const baseBaht = mixMatch ? mixMatchShelfPrice(shelfBaht) : shelfBaht
    let priceBaht = baseBaht
    let compareAtThb: number | null = null
    let compareAtUsd: number | null = null
    let priceDollars = dollarsFor(baseBaht)
    if (onSale) {
      const discount = budget ? pick([40, 45, 50], rng) : 20 + 5 * randomInt(0, 6, rng)
      priceBaht = Math.min(baseBaht - 10, Math.round((baseBaht * (100 - discount)) / 10000) * 100 - 10)
      compareAtThb = baseBaht * 100
      compareAtUsd = priceDollars * 100
      priceDollars = Math.min(priceDollars - 1, dollarsFor(priceBaht))
    }

    const views = VIEWS[def.group]
    const imageCount = def.group === 'clothing' || def.group === 'shoes' ? 3 : 2 + (rng() < 0.5 ? 1 : 0)
    // The colours of a family arrive together.
    const createdAt = new Date(Math.floor((CATALOG_START + (row + 0.1 + rng() * 0.8) * slot) / 1000) * 1000)
    let familyStatus: Status = 'normal'

    for (const [colorPosition, colorKey] of colorKeys.entries()) {
      const color = COLORS[colorKey]
      const colorSlug = slugify(color.en)
      const id = colorPosition === 0 ? familyId : `${familyId}-${colorSlug}`

      // Stock situation: the fixed examples' situations are on their family's first colour.
      let status: Status = 'normal'
      if (fixed) status = colorPosition === 0 ? fixed.status : 'normal'
      else if (row % 25 === 7) status = 'soldOut'
      else if (row % 25 === 19) status = 'storeOnly'
      else if (sizes.length > 1 && partlyCounter++ % 6 === 2) status = 'partly'
      if (colorPosition === 0) familyStatus = status
      const soldOutSize = status === 'partly' ? (fixed?.soldOutSize ?? pick(sizes, rng)) : undefined

      const images: CatalogImage[] = views.slice(0, imageCount).map((view, n) => ({
        path: `products/${id}/${n + 1}.svg`,
        width: 1200,
        height: 1600,
        altTh: `${nameTh} สี${color.th} ${view.th}`,
        altEn: `${nameEn} in ${color.en}, ${view.en}`,
      }))

      catalog.products.push({
        id,
        familyId,
        colorPosition,
        categorySlug: category,
        gender,
        nameTh,
        nameEn,
        descriptionTh,
        descriptionEn,
        colorSlug,
        colorNameTh: color.th,
        colorNameEn: color.en,
        colorHex: color.hex,
        materialTh: material.th,
        materialEn: material.en,
        careTh: material.careTh.slice(),
        careEn: material.careEn.slice(),
        sizeChart: chart,
        priceThb: priceBaht * 100,
        priceUsd: priceDollars * 100,
        compareAtThb,
        compareAtUsd,
        tags: tags.slice(),
        images,
        searchText: [nameTh, nameEn, def.nameTh, def.nameEn, color.th, color.en, material.th, material.en]
          .join(' ')
          .toLowerCase(),
        createdAt: new Date(createdAt.getTime()),
      })

      // Variants and store stock.
      let storeRows = 0
      let firstSku = ''
      for (const [position, size] of sizes.entries()) {
        const sku = `${id}-${size}`.toUpperCase()
        if (position === 0) firstSku = sku
        const soldOutHere = status === 'soldOut' || size === soldOutSize
        let stockOnline = status === 'storeOnly' || soldOutHere ? 0 : 1 + Math.floor(rng() ** 1.5 * 12)
        const showcase = f === 0 && colorPosition === 0 && size === 'M'
        if (showcase) stockOnline = Math.max(stockOnline, 3)
        catalog.variants.push({
          sku,
          productId: id,
          size,
          position,
          barcode: ean13(`885${String(barcode++).padStart(9, '0')}`),
          stockOnline,
        })
        if (soldOutHere) continue
        for (const [s, store] of STORES.entries()) {
          const carried = rng() < (STORE_CARRY[s] ?? 0)
          const quantity = carried ? randomInt(1, 4, rng) : 0
          const forced = showcase && s === 0 ? Math.max(quantity, 2) : quantity
          if (forced === 0) continue
          catalog.storeStock.push({ storeId: store.id, sku, quantity: forced })
          storeRows++
        }
      }
      if (status === 'storeOnly' && storeRows === 0) {
        const store = pick(STORES, rng)
        catalog.storeStock.push({ storeId: store.id, sku: firstSku, quantity: randomInt(1, 3, rng) })
      }
      row++
    }

    // Relations, collections and editorials point at families (their first colour's id).
    metas.push({ id: familyId, category, gender, material: materialKey, typeEn, status: familyStatus })
  }

  buildRelations(metas, catalog, mulberry32(seed ^ 0x5bd1e995))
  buildCollections(metas, catalog, mulberry32(seed ^ 0x27d4eb2f))
  buildEditorials(metas, catalog)
  return catalog
}

function fitFor(group: Exclude<Group, 'clothing'>, typeEn: string, rng: Rng): Phrase {
  const fits = FITS_OTHER[group]
  if (group === 'bags' && /Mini|Pouch/.test(typeEn)) return fits[1] ?? pick(fits, rng)
  return pick(fits, rng)
}

/** "match": 2–4 products of complementary categories; "similar": 4–8 of the same category and gender. */
function buildRelations(metas: readonly Meta[], catalog: DemoCatalog, rng: Rng): void {
  const pools = new Map<string, number[]>()
  const poolOf = (category: CategorySlug, gender: Gender): readonly number[] => pools.get(`${category}|${gender}`) ?? []
  for (const [index, meta] of metas.entries()) {
    const key = `${meta.category}|${meta.gender}`
    const pool = pools.get(key)
    if (pool) pool.push(index)
    else pools.set(key, [index])
  }

  for (const [index, meta] of metas.entries()) {
    // match
    const complements = MATCHES[meta.category]
    const genders: readonly Gender[] =
      meta.gender === 'men' ? ['men', 'unisex'] : meta.gender === 'women' ? ['women', 'unisex'] : WMU
    const matchCount = randomInt(2, 4, rng)
    const matched: number[] = []
    const start = Math.floor(rng() * complements.length)
    for (let attempt = 0; attempt < matchCount * 10 && matched.length < matchCount; attempt++) {
      const category = complements[(start + attempt) % complements.length]
      if (category === undefined) continue
      const pool = poolOf(category, pick(genders, rng))
      if (pool.length === 0) continue
      const candidate = pick(pool, rng)
      if (candidate !== index && !matched.includes(candidate)) matched.push(candidate)
    }
    // similar: the same category and gender, topped up with unisex pieces (or, for unisex, any) when few
    const similarCount = randomInt(4, 8, rng)
    let pool = poolOf(meta.category, meta.gender)
    if (pool.length <= 4) {
      const extra = meta.gender === 'unisex' ? (['women', 'men'] as const) : (['unisex'] as const)
      pool = [...pool, ...extra.flatMap((gender) => poolOf(meta.category, gender))]
    }
    if (pool.length <= 4) pool = WMU.flatMap((gender) => poolOf(meta.category, gender))
    const similar: number[] = []
    if (pool.length - 1 <= similarCount) {
      for (const candidate of pool) if (candidate !== index) similar.push(candidate)
    } else {
      for (let attempt = 0; attempt < similarCount * 8 && similar.length < similarCount; attempt++) {
        const candidate = pick(pool, rng)
        if (candidate !== index && !similar.includes(candidate)) similar.push(candidate)
      }
    }
    for (const [kind, related] of [
      ['match', matched],
      ['similar', similar],
    ] as const) {
      for (const [position, relatedIndex] of related.entries()) {
        const relatedMeta = metas[relatedIndex]
        if (relatedMeta)
          catalog.productRelations.push({ productId: meta.id, relatedId: relatedMeta.id, kind, position })
      }
    }
  }
}

/** Each top-level collection is the interleaved union of its sub-collections' picks. */
function buildCollections(metas: readonly Meta[], catalog: DemoCatalog, rng: Rng): void {
  const available = metas.filter((meta) => meta.status !== 'soldOut')
  for (const [position, def] of COLLECTIONS.entries()) {
    catalog.collections.push({
      slug: def.slug,
      parentSlug: null,
      position,
      nameTh: def.nameTh,
      nameEn: def.nameEn,
      descriptionTh: def.descriptionTh,
      descriptionEn: def.descriptionEn,
      image: collectionImage(def.slug, def.nameTh, def.nameEn),
    })
    const perSub = Math.floor(COLLECTION_TARGET / def.subs.length)
    const pools = def.subs.map((sub) => available.filter(sub.match))
    const picks = pools.map((pool) => spread(pool, perSub, rng))
    const parent: string[] = []
    const inParent = new Set<string>()
    const add = (meta: Meta): void => {
      if (inParent.has(meta.id)) return
      inParent.add(meta.id)
      parent.push(meta.id)
    }
    for (let round = 0; round < perSub; round++) {
      for (const list of picks) {
        const meta = list[round]
        if (meta) add(meta)
      }
    }
    for (const pool of pools) {
      for (const meta of pool) {
        if (parent.length >= COLLECTION_MIN) break
        add(meta)
      }
    }
    for (const [subPosition, sub] of def.subs.entries()) {
      catalog.collections.push({
        slug: sub.slug,
        parentSlug: def.slug,
        position: subPosition,
        nameTh: sub.nameTh,
        nameEn: sub.nameEn,
        descriptionTh: sub.descriptionTh,
        descriptionEn: sub.descriptionEn,
        image: collectionImage(sub.slug, `${def.nameTh} ${sub.nameTh}`, `${def.nameEn}: ${sub.nameEn}`),
      })
    }
    for (const [index, productId] of parent.entries()) {
      catalog.collectionProducts.push({ collectionSlug: def.slug, productId, position: index })
    }
    for (const [s, sub] of def.subs.entries()) {
      for (const [index, meta] of (picks[s] ?? []).entries()) {
        catalog.collectionProducts.push({ collectionSlug: sub.slug, productId: meta.id, position: index })
      }
    }
  }
}

/** Four stories; each features four products chosen by its predicates (any in-stock product as fallback). */
function buildEditorials(metas: readonly Meta[], catalog: DemoCatalog): void {
  const inStock = metas.filter((meta) => meta.status === 'normal' || meta.status === 'partly')
  for (const def of EDITORIALS) {
    const chosen: string[] = []
    for (const predicate of def.featured) {
      const found =
        inStock.find((meta) => predicate(meta) && !chosen.includes(meta.id)) ??
        inStock.find((meta) => !chosen.includes(meta.id))
      if (found) chosen.push(found.id)
    }
    const th = def.th(chosen)
    const en = def.en(chosen)
    catalog.editorials.push({
      slug: def.slug,
      titleTh: th.title,
      titleEn: en.title,
      excerptTh: th.excerpt,
      excerptEn: en.excerpt,
      bodyTh: th.body,
      bodyEn: en.body,
      heroImage: {
        path: `editorials/${def.slug}.svg`,
        width: 1600,
        height: 1000,
        altTh: def.heroAltTh,
        altEn: def.heroAltEn,
      },
      publishedAt: new Date(def.publishedAt.getTime()),
    })
  }
}
