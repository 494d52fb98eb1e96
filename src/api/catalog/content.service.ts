import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { contentPages, editorials, products, type EditorialRow, type RichBlock } from '~/db/schema'
import type { CurrencyCode, Lang, RichBlockWire } from '~/contract/catalog'
import { imageWire, pick } from './localise'
import type { CatalogService } from './catalog.service'

/** An editorial as the list shows it (and the editorial itself, before its blocks). */
function editorialSummary(row: EditorialRow, lang: Lang) {
  return {
    slug: row.slug,
    title: pick(lang, row.titleTh, row.titleEn),
    excerpt: pick(lang, row.excerptTh, row.excerptEn),
    hero_image: imageWire(row.heroImage, lang),
    published_at: row.publishedAt.toISOString(),
  }
}

/** The content the API serves: published editorials (a draft is a 404) and content pages (info pages, careers …), whose blocks may show products. */
export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly catalog: Pick<CatalogService, 'summaries'>,
  ) {}

  async listEditorials(lang: Lang) {
    const rows = await this.db
      .select()
      .from(editorials)
      .where(eq(editorials.status, 'published'))
      .orderBy(desc(editorials.publishedAt))
    return rows.map((row) => editorialSummary(row, lang))
  }

  private async blocksWire(blocks: RichBlock[], lang: Lang, currency: CurrencyCode): Promise<RichBlockWire[]> {
    const ids = blocks.flatMap((block) => (block.kind === 'products' ? block.productIds : []))
    const rows = ids.length
      ? await this.db
          .select()
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.status, 'published')))
      : []
    const cards = new Map((await this.catalog.summaries(rows, lang, currency)).map((card) => [card.id, card]))
    return blocks.map((block): RichBlockWire => {
      switch (block.kind) {
        case 'image':
          return { kind: 'image', image: imageWire(block.image, lang) }
        case 'products':
          return {
            kind: 'products',
            products: block.productIds.flatMap((id) => {
              const card = cards.get(id)
              return card ? [card] : []
            }),
          }
        default:
          return block
      }
    })
  }

  async getEditorial(slug: string, lang: Lang, currency: CurrencyCode) {
    const [row] = await this.db
      .select()
      .from(editorials)
      .where(and(eq(editorials.slug, slug), eq(editorials.status, 'published')))
      .limit(1)
    if (!row) return null
    return {
      ...editorialSummary(row, lang),
      blocks: await this.blocksWire(pick(lang, row.bodyTh, row.bodyEn), lang, currency),
    }
  }

  async getContentPage(slug: string, lang: Lang, currency: CurrencyCode) {
    const [row] = await this.db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1)
    if (!row) return null
    return {
      slug: row.slug,
      title: pick(lang, row.titleTh, row.titleEn),
      description: pick(lang, row.descriptionTh, row.descriptionEn),
      blocks: await this.blocksWire(pick(lang, row.bodyTh, row.bodyEn), lang, currency),
    }
  }
}
