import { createHash, randomUUID } from 'node:crypto'
import { asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { modelsMatching } from './model-search.server'
import { products, variants, type CatalogImage, type ProductRow } from '~/db/schema'
import { ApiError } from '~/api/errors'
import { PICTURES_PER_COLOUR, roundFocal, type FocalPoint, type PictureProblem } from '~/domain/pictures'
import { cleanPicture, PICTURE_EXTENSIONS, PictureRefused } from '~/media/picture.server'
import { MEDIA_PATH_PREFIX, mediaKeyOf } from '~/media/media-path'
import type { MediaStorage } from '~/media/storage.server'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'

type Lang = 'th' | 'en'

export type PictureEdit = { altTh?: string; altEn?: string; focal?: FocalPoint | null }

const STATUS_OF: Record<PictureProblem, 409 | 413 | 415 | 422> = {
  notImage: 415,
  tooLarge: 413,
  tooManyPixels: 422,
  tooMany: 409,
}

/** A refused upload: the status of its problem, PICTURE_REFUSED and `fields.picture` (the staff's words by it). */
export function pictureRefusal(problem: PictureProblem): ApiError {
  const refused = new PictureRefused(problem === 'tooMany' ? 'notImage' : problem)
  const message = problem === 'tooMany' ? `A colour has ${PICTURES_PER_COLOUR} pictures at most` : refused.message
  return new ApiError(STATUS_OF[problem], 'PICTURE_REFUSED', message, { fields: { picture: problem } })
}

/** A picture's id within its colour: the last part of its path (`1.svg`, `<uuid>.jpg`). */
export function pictureIdOf(image: CatalogImage): string {
  return image.path.slice(image.path.lastIndexOf('/') + 1)
}

/** The folder of a colour's pictures in the storage: its id when that is a safe key segment, else a hash of it. */
function folderOf(productId: string): string {
  return /^[a-z0-9][a-z0-9-]{0,80}$/.test(productId)
    ? productId
    : createHash('sha256').update(productId).digest('hex').slice(0, 32)
}

function pictureView(image: CatalogImage) {
  return {
    id: pictureIdOf(image),
    path: image.path,
    width: image.width,
    height: image.height,
    altTh: image.altTh,
    altEn: image.altEn,
    focal: image.focal ? { x: image.focal.x, y: image.focal.y } : null,
  }
}

function colourView(row: ProductRow, lang: Lang) {
  return {
    productId: row.id,
    colour: lang === 'th' ? row.colorNameTh : row.colorNameEn,
    colourHex: row.colorHex,
    pictures: row.images.map(pictureView),
  }
}

/** What the audit log keeps of a colour's pictures: their paths in order. */
const orderOf = (images: CatalogImage[]) => images.map((image) => image.path)

/**
 * Product pictures in the back office (issue 32 item 2, decision 194). A colour's pictures are its product row's
 * `images` (the shop reads nothing else, and a change to `products` tells every instance's caches at once: the
 * catalog_changed trigger of migration 0014). An upload is checked and cleaned (src/media/picture.server.ts), kept in
 * the media storage under `products/<product>/<uuid>.<ext>` and added at the end; every change is one transaction
 * with its audit entry, on the colour's row locked; a deleted picture's stored file goes after the commit.
 */
export class AdminPictures {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly storage: MediaStorage,
    private readonly log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
  ) {}

  /** Models whose name (either language), id, SKU or barcode holds `q`, 25 at most, with their pictures counted. */
  async search(q: string | undefined, lang: Lang) {
    const ids = await modelsMatching(this.db, q)
    if (ids.length === 0) return { items: [] }
    const rows = await this.db
      .select({
        familyId: products.familyId,
        nameTh: products.nameTh,
        nameEn: products.nameEn,
        images: products.images,
      })
      .from(products)
      .where(inArray(products.familyId, ids))
      .orderBy(asc(products.familyId), asc(products.colorPosition), asc(products.id))
    return {
      items: ids.map((familyId) => {
        const of = rows.filter((row) => row.familyId === familyId)
        const first = of[0]
        return {
          familyId,
          name: first ? (lang === 'th' ? first.nameTh : first.nameEn) : familyId,
          colours: of.length,
          pictures: of.reduce((sum, row) => sum + row.images.length, 0),
          cover: of.find((row) => row.images.length > 0)?.images[0]?.path ?? null,
        }
      }),
    }
  }

  /** A model's colours (found by the model's id, a colour's id or a SKU), each with its pictures in order. */
  async model(id: string, lang: Lang) {
    const [found] = await this.db
      .select({ familyId: products.familyId })
      .from(products)
      .leftJoin(variants, eq(variants.productId, products.id))
      .where(or(eq(products.id, id), eq(products.familyId, id), eq(variants.sku, id)))
      .limit(1)
    if (!found) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    const colours = await this.db
      .select()
      .from(products)
      .where(eq(products.familyId, found.familyId))
      .orderBy(asc(products.colorPosition), asc(products.id))
    const first = colours[0]
    return {
      familyId: found.familyId,
      name: first ? (lang === 'th' ? first.nameTh : first.nameEn) : found.familyId,
      colours: colours.map((row) => colourView(row, lang)),
    }
  }

  private async lockColour(tx: Tx, productId: string): Promise<ProductRow> {
    const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    return row
  }

  private async save(tx: Tx, productId: string, images: CatalogImage[]): Promise<ProductRow> {
    const [row] = await tx.update(products).set({ images }).where(eq(products.id, productId)).returning()
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    return row
  }

  /**
   * A new picture at the end of a colour's: checked by its content and cleaned (PICTURE_REFUSED otherwise), kept in
   * the storage first, then added with its audit entry in one transaction; kept bytes whose transaction failed are
   * deleted again. Its alt text starts as the model's name and colour in each language, for staff to improve.
   */
  async upload(productId: string, bytes: Uint8Array, context: AuditContext) {
    const [exists] = await this.db.select({ id: products.id }).from(products).where(eq(products.id, productId))
    if (!exists) throw new ApiError(404, 'NOT_FOUND', 'No such product')
    let picture
    try {
      picture = await cleanPicture(bytes)
    } catch (error) {
      if (error instanceof PictureRefused) throw pictureRefusal(error.problem)
      throw error
    }
    const key = `products/${folderOf(productId)}/${randomUUID()}.${PICTURE_EXTENSIONS[picture.type]}`
    await this.storage.put(key, picture.data, picture.type)
    try {
      const row = await this.db.transaction(async (tx) => {
        const colour = await this.lockColour(tx, productId)
        if (colour.images.length >= PICTURES_PER_COLOUR) throw pictureRefusal('tooMany')
        const added: CatalogImage = {
          path: `${MEDIA_PATH_PREFIX}${key}`,
          width: picture.width,
          height: picture.height,
          altTh: `${colour.nameTh} สี${colour.colorNameTh}`,
          altEn: `${colour.nameEn} in ${colour.colorNameEn}`,
        }
        const saved = await this.save(tx, productId, [...colour.images, added])
        await this.audit.record(tx, context, {
          action: 'picture.add',
          entityType: 'product',
          entityId: productId,
          before: { pictures: orderOf(colour.images) },
          after: { pictures: orderOf(saved.images), added: { ...added, bytes: picture.data.byteLength } },
        })
        return saved
      })
      return colourView(row, context.actor.language)
    } catch (error) {
      await this.storage.delete(key).catch((failure: unknown) => this.log(`[pictures] ${key} not deleted`, failure))
      throw error
    }
  }

  /** A colour's pictures in a new order: every one of its picture ids once (400 otherwise). */
  async reorder(productId: string, ids: string[], context: AuditContext) {
    const row = await this.db.transaction(async (tx) => {
      const colour = await this.lockColour(tx, productId)
      const byId = new Map(colour.images.map((image) => [pictureIdOf(image), image]))
      const ordered = ids.flatMap((id) => byId.get(id) ?? [])
      if (new Set(ids).size !== ids.length || ordered.length !== colour.images.length || ids.length !== byId.size) {
        throw new ApiError(400, 'INVALID_INPUT', 'Name every picture of the colour once', {
          fields: { pictures: 'not_a_permutation' },
        })
      }
      const saved = await this.save(tx, productId, ordered)
      await this.audit.record(tx, context, {
        action: 'picture.reorder',
        entityType: 'product',
        entityId: productId,
        before: { pictures: orderOf(colour.images) },
        after: { pictures: orderOf(saved.images) },
      })
      return saved
    })
    return colourView(row, context.actor.language)
  }

  /** A picture's alt text (either language) and focal point (null takes it away); what is not given stays. */
  async edit(productId: string, pictureId: string, edit: PictureEdit, context: AuditContext) {
    const row = await this.db.transaction(async (tx) => {
      const colour = await this.lockColour(tx, productId)
      const index = colour.images.findIndex((image) => pictureIdOf(image) === pictureId)
      const before = colour.images[index]
      if (!before) throw new ApiError(404, 'NOT_FOUND', 'No such picture')
      const { focal: _focal, ...rest } = before
      const focal = edit.focal === undefined ? before.focal : edit.focal === null ? undefined : roundFocal(edit.focal)
      const after: CatalogImage = {
        ...rest,
        altTh: edit.altTh ?? before.altTh,
        altEn: edit.altEn ?? before.altEn,
        ...(focal ? { focal } : {}),
      }
      const saved = await this.save(
        tx,
        productId,
        colour.images.map((image, i) => (i === index ? after : image)),
      )
      await this.audit.record(tx, context, {
        action: 'picture.edit',
        entityType: 'product',
        entityId: productId,
        before,
        after,
      })
      return saved
    })
    return colourView(row, context.actor.language)
  }

  /** A picture taken off its colour, audited; its stored file (a `media/` one) deleted once that is committed. */
  async remove(productId: string, pictureId: string, context: AuditContext) {
    let removed: CatalogImage | undefined
    const row = await this.db.transaction(async (tx) => {
      const colour = await this.lockColour(tx, productId)
      removed = colour.images.find((image) => pictureIdOf(image) === pictureId)
      if (!removed) throw new ApiError(404, 'NOT_FOUND', 'No such picture')
      const saved = await this.save(
        tx,
        productId,
        colour.images.filter((image) => image !== removed),
      )
      await this.audit.record(tx, context, {
        action: 'picture.delete',
        entityType: 'product',
        entityId: productId,
        before: removed,
        after: { pictures: orderOf(saved.images) },
      })
      return saved
    })
    const key = removed ? mediaKeyOf(removed.path) : null
    // Still named by another colour (none today: each upload has its own key)? Then it stays.
    if (key !== null && !(await this.stillUsed(removed?.path ?? ''))) {
      await this.storage.delete(key).catch((failure: unknown) => this.log(`[pictures] ${key} not deleted`, failure))
    }
    return colourView(row, context.actor.language)
  }

  private async stillUsed(path: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.images} @> ${JSON.stringify([{ path }])}::jsonb`)
      .limit(1)
    return row !== undefined
  }
}
