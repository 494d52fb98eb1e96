import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { categories, products, variants, type ProductRow } from '~/db/schema'
import type { CurrencyCode, FamilyColorWire, Lang, ProductSummaryWire } from '~/contract/catalog'
import { imageWire, money, pick } from './localise'

/** The picture of a piece that has none yet (a model staff made): a plain drawing the image endpoint serves. */
export const NO_PICTURE = { path: 'products/none/1.svg', width: 1200, height: 1600, altTh: '', altEn: '' }

/** Product cards (summaries) as every list of the API shows them: listings, search, related pieces, editorials, wishlists. */
export class ProductCards {
  constructor(private readonly db: Db) {}

  private async categoryNames(lang: Lang): Promise<Map<string, string>> {
    const rows = await this.db.select().from(categories)
    return new Map(rows.map((row) => [row.slug, pick(lang, row.nameTh, row.nameEn)]))
  }

  /**
   * Cards for these products, in the given order, with their sizes' online availability. The swatches are the
   * family's published colours; `unpublished` (a staff preview, decision 195) shows every colour.
   */
  async summaries(
    rows: ProductRow[],
    lang: Lang,
    currency: CurrencyCode,
    options: { unpublished?: boolean } = {},
  ): Promise<ProductSummaryWire[]> {
    if (rows.length === 0) return []
    const [names, variantRows, colorsByFamily] = await Promise.all([
      this.categoryNames(lang),
      this.db
        .select({ productId: variants.productId, size: variants.size, stock: variants.stockOnline })
        .from(variants)
        .where(
          inArray(
            variants.productId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(variants.productId), asc(variants.position)),
      this.familyColors(
        rows.map((row) => row.familyId),
        lang,
        options.unpublished ?? false,
      ),
    ])
    const sizesByProduct = new Map<string, Array<{ size: string; available_online: boolean }>>()
    for (const variant of variantRows) {
      const list = sizesByProduct.get(variant.productId) ?? []
      list.push({ size: variant.size, available_online: variant.stock > 0 })
      sizesByProduct.set(variant.productId, list)
    }
    return rows.map((row) =>
      this.summary(row, lang, currency, names, sizesByProduct.get(row.id) ?? [], colorsByFamily.get(row.familyId)),
    )
  }

  /** The colours of these families, in order (swatches); uses the (family_id, color_position) index. */
  private async familyColors(
    familyIds: string[],
    lang: Lang,
    unpublished: boolean,
  ): Promise<Map<string, FamilyColorWire[]>> {
    const unique = [...new Set(familyIds)]
    const byFamily = new Map<string, FamilyColorWire[]>()
    if (unique.length === 0) return byFamily
    const rows = await this.db
      .select({
        id: products.id,
        familyId: products.familyId,
        slug: products.colorSlug,
        nameTh: products.colorNameTh,
        nameEn: products.colorNameEn,
        hex: products.colorHex,
      })
      .from(products)
      .where(and(inArray(products.familyId, unique), unpublished ? undefined : eq(products.status, 'published')))
      .orderBy(asc(products.familyId), asc(products.colorPosition), asc(products.id))
    for (const row of rows) {
      const list = byFamily.get(row.familyId) ?? []
      list.push({ product_id: row.id, slug: row.slug, name: pick(lang, row.nameTh, row.nameEn), hex: row.hex })
      byFamily.set(row.familyId, list)
    }
    return byFamily
  }

  private summary(
    row: ProductRow,
    lang: Lang,
    currency: CurrencyCode,
    names: Map<string, string>,
    sizes: Array<{ size: string; available_online: boolean }>,
    familyColors: FamilyColorWire[] | undefined,
  ): ProductSummaryWire {
    const color = { slug: row.colorSlug, name: pick(lang, row.colorNameTh, row.colorNameEn), hex: row.colorHex }
    const compareAt = currency === 'thb' ? row.compareAtThb : row.compareAtUsd
    const [first, second] = row.images
    return {
      id: row.id,
      family_id: row.familyId,
      name: pick(lang, row.nameTh, row.nameEn),
      category: { slug: row.categorySlug, name: names.get(row.categorySlug) ?? row.categorySlug },
      gender: row.gender,
      color,
      colors: familyColors ?? [{ ...color, product_id: row.id }],
      price: money(currency === 'thb' ? row.priceThb : row.priceUsd, currency),
      compare_at_price: compareAt === null ? null : money(compareAt, currency),
      tags: row.tags,
      image: imageWire(first ?? NO_PICTURE, lang),
      hover_image: second ? imageWire(second, lang) : null,
      available_online: sizes.some((size) => size.available_online),
      sizes,
    }
  }
}
