import { resolve } from 'node:path'
import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { env } from '../../app.config'
import { collections, editorials, products } from '~/db/schema'
import { bannerSvg, productImageSvg } from '~/images/placeholder-svg'
import { getMediaStorage } from '~/media/media.server'
import { mediaKeyOf } from '~/media/media-path'
import { getDatabase } from './database.server'

const PRODUCT_IMAGE = /^products\/([a-z0-9-]+)\/([1-9])\.svg$/
const COLLECTION_IMAGE = /^collections\/([a-z0-9-]+)\.svg$/
const EDITORIAL_IMAGE = /^editorials\/([a-z0-9-]+)\.svg$/

function seedOf(text: string): number {
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return hash
}

/**
 * Sources of the image endpoint: the demo catalog's pictures are drawn as SVG from the product's
 * category and colour (the shop has no photographs and no network); pictures uploaded in the back office are under
 * `media/`, read from the media storage (files or a bucket, decision 194); any other path is a file under
 * DATA_DIR/images, where real photographs go.
 */
export async function resolveImageSource(path: string): Promise<Buffer | null> {
  const mediaKey = mediaKeyOf(path)
  if (mediaKey !== null) return getMediaStorage().get(mediaKey)
  const product = PRODUCT_IMAGE.exec(path)
  const collection = COLLECTION_IMAGE.exec(path)
  const editorial = EDITORIAL_IMAGE.exec(path)
  if (product?.[1] && product[2]) {
    const { db } = await getDatabase()
    const [row] = await db
      .select({
        category: products.categorySlug,
        name: products.nameEn,
        colorHex: products.colorHex,
        images: products.images,
      })
      .from(products)
      .where(eq(products.id, product[1]))
    const view = Number(product[2])
    // A piece with no picture yet (a model staff made) is shown as the cards' fallback, `products/none/1.svg`: a
    // plain drawing, not a missing file.
    if (!row && product[1] === 'none' && view === 1)
      return Buffer.from(
        productImageSvg({ category: 'accessories', colorHex: '#d9d4cc', view, width: 1200, height: 1600 }),
      )
    // A view the back office took off the colour (decision 194) is no longer served.
    if (!row?.images.some((image) => image.path === path)) return null
    return Buffer.from(
      productImageSvg({
        category: row.category,
        name: row.name,
        colorHex: row.colorHex,
        view,
        width: 1200,
        height: 1600,
      }),
    )
  }
  if (collection?.[1]) {
    const { db } = await getDatabase()
    const [row] = await db.select().from(collections).where(eq(collections.slug, collection[1]))
    if (!row) return null
    return Buffer.from(
      bannerSvg({ title: row.nameEn, subtitle: row.nameTh, seed: seedOf(row.slug), width: 1600, height: 1000 }),
    )
  }
  if (editorial?.[1]) {
    const { db } = await getDatabase()
    const [row] = await db.select().from(editorials).where(eq(editorials.slug, editorial[1]))
    if (!row) return null
    return Buffer.from(
      bannerSvg({ title: row.titleEn, subtitle: row.titleTh, seed: seedOf(row.slug), width: 1600, height: 1000 }),
    )
  }
  try {
    return await readFile(resolve(env.DATA_DIR, 'images', path))
  } catch {
    return null
  }
}
