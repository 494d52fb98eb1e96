import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { collectionProducts, collections, products, type CatalogImage, type CollectionRow } from '~/db/schema'
import { ApiError } from '~/api/errors'
import type { ApiErrorReason } from '~/contract/errors'
import { NO_PICTURE } from '~/api/catalog/product-cards'
import { cleanPicture, PICTURE_EXTENSIONS, PictureRefused } from '~/media/picture.server'
import { MEDIA_PATH_PREFIX, mediaKeyOf } from '~/media/media-path'
import type { MediaStorage } from '~/media/storage.server'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'
import { getContentVersion, listContentVersions, saveContentVersion, versionWire } from './content-versions.server'
import { modelsMatching } from './model-search.server'
import { pictureRefusal } from './pictures.service'

export type CollectionInput = {
  slug: string
  parent?: string | null
  nameTh: string
  nameEn: string
  descriptionTh: string
  descriptionEn: string
}

export type CollectionEdit = {
  parent?: string | null
  nameTh?: string
  nameEn?: string
  descriptionTh?: string
  descriptionEn?: string
  altTh?: string
  altEn?: string
}

/** What a restore takes from a kept version; a body that is not one (never expected) reads as no version. */
const restorableSchema = z.object({
  name_th: z.string(),
  name_en: z.string(),
  description_th: z.string(),
  description_en: z.string(),
  image: z.object({ alt_th: z.string(), alt_en: z.string() }),
  pieces: z.array(z.object({ family_id: z.string() })),
})

function restorableOf(body: unknown) {
  const parsed = restorableSchema.safeParse(body)
  return parsed.success ? parsed.data : null
}

function invalid(status: 400 | 409, code: ApiErrorReason, message: string, fields: Record<string, string>) {
  return new ApiError(status, code, message, { fields })
}

const notFound = () => new ApiError(404, 'NOT_FOUND', 'No such collection')

function fieldsOf(row: CollectionRow, pieces: number) {
  return {
    slug: row.slug,
    parent: row.parentSlug,
    position: row.position,
    name_th: row.nameTh,
    name_en: row.nameEn,
    description_th: row.descriptionTh,
    description_en: row.descriptionEn,
    image: {
      path: row.image.path,
      width: row.image.width,
      height: row.image.height,
      alt_th: row.image.altTh,
      alt_en: row.image.altEn,
    },
    products: pieces,
  }
}

/**
 * Collections in the back office (issue 32 item 6, decision 198): a tree one level deep (a collection and its
 * sub-collections, as the shop's /collection/{name}/{sub} pages show them), ordered among siblings, with their words in
 * both languages, a picture kept in the media storage (checked as product pictures are, decision 194), and their
 * pieces in order. Every change is one transaction with its audit entry and the collection's next content version;
 * the shop's pages read the tables, whose triggers (migration 0014) drop every cached answer at once.
 */
export class AdminCollections {
  constructor(
    private readonly db: Db,
    private readonly audit: Pick<AuditLog, 'record'>,
    private readonly storage: MediaStorage | null,
    private readonly log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
  ) {}

  private async counts(executor: Pick<Db, 'select'>) {
    const rows = await executor
      .select({ slug: collectionProducts.collectionSlug, pieces: count() })
      .from(collectionProducts)
      .groupBy(collectionProducts.collectionSlug)
    return new Map(rows.map((row) => [row.slug, Number(row.pieces)]))
  }

  /** Every collection as a tree: the top-level ones in order, each with its sub-collections in order. */
  async tree() {
    const rows = await this.db.select().from(collections).orderBy(asc(collections.position), asc(collections.slug))
    const pieces = await this.counts(this.db)
    return {
      items: rows
        .filter((row) => row.parentSlug === null)
        .map((row) => ({
          ...fieldsOf(row, pieces.get(row.slug) ?? 0),
          children: rows
            .filter((child) => child.parentSlug === row.slug)
            .map((child) => fieldsOf(child, pieces.get(child.slug) ?? 0)),
        })),
    }
  }

  /** One collection with its sub-collections and its pieces in order. */
  async get(slug: string, executor: Pick<Db, 'select'> = this.db) {
    const [row] = await executor.select().from(collections).where(eq(collections.slug, slug))
    if (!row) throw notFound()
    const [children, pieces] = await Promise.all([
      executor
        .select()
        .from(collections)
        .where(eq(collections.parentSlug, slug))
        .orderBy(asc(collections.position), asc(collections.slug)),
      executor
        .select({
          familyId: collectionProducts.productId,
          nameEn: products.nameEn,
          nameTh: products.nameTh,
          images: products.images,
          status: products.status,
        })
        .from(collectionProducts)
        .innerJoin(products, eq(products.id, collectionProducts.productId))
        .where(eq(collectionProducts.collectionSlug, slug))
        .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId)),
    ])
    return {
      ...fieldsOf(row, pieces.length),
      children: children.map((child) => ({ slug: child.slug, name_th: child.nameTh, name_en: child.nameEn })),
      pieces: pieces.map((piece) => ({
        family_id: piece.familyId,
        name: `${piece.nameEn} · ${piece.nameTh}`,
        cover: piece.images[0]?.path ?? null,
        status: piece.status,
      })),
    }
  }

  /** Models to put in a collection: found as the stock and pictures screens find them (modelsMatching). */
  async findModels(q: string | undefined) {
    const ids = await modelsMatching(this.db, q)
    if (ids.length === 0) return { items: [] }
    const rows = await this.db
      .select({
        id: products.id,
        nameEn: products.nameEn,
        nameTh: products.nameTh,
        images: products.images,
        status: products.status,
      })
      .from(products)
      .where(inArray(products.id, ids))
    const byId = new Map(rows.map((row) => [row.id, row]))
    return {
      items: ids.flatMap((id) => {
        const row = byId.get(id)
        return row
          ? [
              {
                family_id: id,
                name: `${row.nameEn} · ${row.nameTh}`,
                cover: row.images[0]?.path ?? null,
                status: row.status,
              },
            ]
          : []
      }),
    }
  }

  /** The parent a collection may have: an existing top-level collection, not itself nor one of its own. */
  private async checkParent(tx: Tx, slug: string, parent: string) {
    if (parent === slug) {
      throw invalid(409, 'COLLECTION_CYCLE', 'A collection cannot be inside itself', { parent: 'cycle' })
    }
    const [found] = await tx.select().from(collections).where(eq(collections.slug, parent))
    if (!found) throw invalid(400, 'INVALID_INPUT', 'No such parent collection', { parent: 'unknown' })
    // Walk up from the parent: meeting the collection itself would make a loop.
    let up: string | null = found.parentSlug
    const seen = new Set([parent])
    while (up !== null && !seen.has(up)) {
      if (up === slug) {
        throw invalid(409, 'COLLECTION_CYCLE', 'A collection cannot be inside one of its own sub-collections', {
          parent: 'cycle',
        })
      }
      seen.add(up)
      const [next] = await tx
        .select({ parent: collections.parentSlug })
        .from(collections)
        .where(eq(collections.slug, up))
      up = next?.parent ?? null
    }
    if (found.parentSlug !== null) {
      throw invalid(409, 'COLLECTION_TOO_DEEP', 'A sub-collection cannot have sub-collections of its own', {
        parent: 'too_deep',
      })
    }
  }

  private async nextPosition(tx: Tx, parent: string | null) {
    const [row] = await tx
      .select({ max: sql<number | null>`max(${collections.position})` })
      .from(collections)
      .where(parent === null ? isNull(collections.parentSlug) : eq(collections.parentSlug, parent))
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
  }

  /** Siblings numbered 0, 1, 2 … in their order. */
  private async renumber(tx: Tx, parent: string | null) {
    const siblings = await tx
      .select({ slug: collections.slug, position: collections.position })
      .from(collections)
      .where(parent === null ? isNull(collections.parentSlug) : eq(collections.parentSlug, parent))
      .orderBy(asc(collections.position), asc(collections.slug))
    for (const [index, sibling] of siblings.entries()) {
      if (sibling.position !== index) {
        await tx.update(collections).set({ position: index }).where(eq(collections.slug, sibling.slug))
      }
    }
  }

  /** A collection's versions, newest first, as the versions table shows them. */
  private async versions(executor: Pick<Db, 'select'>, slug: string) {
    return (await listContentVersions(executor, { kind: 'collection', key: slug })).map(versionWire)
  }

  /** One collection as the back office edits it: `snapshot` (what each version keeps) and its versions. */
  async view(slug: string, executor: Pick<Db, 'select'> = this.db) {
    const snapshot = await this.get(slug, executor)
    return { ...snapshot, versions: await this.versions(executor, slug) }
  }

  /** The collection as it now is, kept as its next version (every change makes one). */
  private async version(tx: Tx, context: AuditContext, slug: string, restoredFrom: number | null = null) {
    const snapshot = await this.get(slug, tx)
    await saveContentVersion(tx, context, { kind: 'collection', key: slug }, snapshot, 'published', { restoredFrom })
    return snapshot
  }

  private async withVersions<T extends { slug: string }>(tx: Tx, snapshot: T) {
    return { ...snapshot, versions: await this.versions(tx, snapshot.slug) }
  }

  /**
   * An earlier version's words (names, descriptions, the picture's alt text) and pieces, in order, made the newest
   * version again. The picture itself and the place in the tree stay as they are: a replaced picture's file is deleted
   * (so an old path would show nothing), and moving a collection back could break the tree others have built since.
   * Pieces whose model has been deleted since are left out.
   */
  async restore(slug: string, number: number, context: AuditContext) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(collections).where(eq(collections.slug, slug)).for('update')
      if (!row) throw notFound()
      const saved = await getContentVersion(tx, { kind: 'collection', key: slug }, number)
      const body = saved === null ? null : restorableOf(saved.body)
      if (body === null) throw new ApiError(404, 'NOT_FOUND', 'No such version of this collection')
      const before = await this.get(slug, tx)
      await tx
        .update(collections)
        .set({
          nameTh: body.name_th,
          nameEn: body.name_en,
          descriptionTh: body.description_th,
          descriptionEn: body.description_en,
          image: { ...row.image, altTh: body.image.alt_th, altEn: body.image.alt_en },
        })
        .where(eq(collections.slug, slug))
      const wanted = body.pieces.map((piece) => piece.family_id)
      const alive = wanted.length
        ? new Set(
            (
              await tx
                .select({ id: products.id })
                .from(products)
                .where(and(inArray(products.id, wanted), eq(products.id, products.familyId)))
            ).map((piece) => piece.id),
          )
        : new Set<string>()
      const ids = wanted.filter((id) => alive.has(id))
      await tx.delete(collectionProducts).where(eq(collectionProducts.collectionSlug, slug))
      if (ids.length > 0) {
        await tx
          .insert(collectionProducts)
          .values(ids.map((productId, position) => ({ collectionSlug: slug, productId, position })))
      }
      const after = await this.version(tx, context, slug, number)
      await this.audit.record(tx, context, {
        action: 'collection.restore',
        entityType: 'collection',
        entityId: slug,
        before,
        after: { restored_from: number, ...after },
      })
      return this.withVersions(tx, after)
    })
  }

  async create(input: CollectionInput, context: AuditContext) {
    return this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ slug: collections.slug })
        .from(collections)
        .where(eq(collections.slug, input.slug))
      if (taken) throw invalid(409, 'SLUG_TAKEN', 'Another collection has this slug', { slug: 'taken' })
      const parent = input.parent ?? null
      if (parent !== null) await this.checkParent(tx, input.slug, parent)
      await tx.insert(collections).values({
        slug: input.slug,
        parentSlug: parent,
        position: await this.nextPosition(tx, parent),
        nameTh: input.nameTh,
        nameEn: input.nameEn,
        descriptionTh: input.descriptionTh,
        descriptionEn: input.descriptionEn,
        image: { ...NO_PICTURE, altTh: input.nameTh, altEn: input.nameEn },
      })
      const created = await this.version(tx, context, input.slug)
      await this.audit.record(tx, context, {
        action: 'collection.create',
        entityType: 'collection',
        entityId: input.slug,
        after: created,
      })
      return this.withVersions(tx, created)
    })
  }

  async edit(slug: string, edit: CollectionEdit, context: AuditContext) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(collections).where(eq(collections.slug, slug)).for('update')
      if (!row) throw notFound()
      const before = await this.get(slug, tx)
      const changes: Partial<typeof collections.$inferInsert> = {}
      if (edit.nameTh !== undefined) changes.nameTh = edit.nameTh
      if (edit.nameEn !== undefined) changes.nameEn = edit.nameEn
      if (edit.descriptionTh !== undefined) changes.descriptionTh = edit.descriptionTh
      if (edit.descriptionEn !== undefined) changes.descriptionEn = edit.descriptionEn
      if (edit.altTh !== undefined || edit.altEn !== undefined) {
        changes.image = { ...row.image, altTh: edit.altTh ?? row.image.altTh, altEn: edit.altEn ?? row.image.altEn }
      }
      const parentChanges = edit.parent !== undefined && edit.parent !== row.parentSlug
      if (parentChanges) {
        const parent = edit.parent ?? null
        if (parent !== null) {
          await this.checkParent(tx, slug, parent)
          if (before.children.length > 0) {
            throw invalid(409, 'COLLECTION_TOO_DEEP', 'A collection with sub-collections cannot become one', {
              parent: 'has_children',
            })
          }
        }
        changes.parentSlug = parent
        changes.position = await this.nextPosition(tx, parent)
      }
      if (Object.keys(changes).length > 0) {
        await tx.update(collections).set(changes).where(eq(collections.slug, slug))
      }
      if (parentChanges) await this.renumber(tx, row.parentSlug)
      const after = await this.version(tx, context, slug)
      await this.audit.record(tx, context, {
        action: 'collection.edit',
        entityType: 'collection',
        entityId: slug,
        before,
        after,
      })
      return this.withVersions(tx, after)
    })
  }

  /** A collection moved before (up) or after (down) its neighbour among its siblings; at an end it stays. */
  async move(slug: string, direction: 'up' | 'down', context: AuditContext) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(collections).where(eq(collections.slug, slug)).for('update')
      if (!row) throw notFound()
      await this.renumber(tx, row.parentSlug)
      const siblings = await tx
        .select({ slug: collections.slug })
        .from(collections)
        .where(row.parentSlug === null ? isNull(collections.parentSlug) : eq(collections.parentSlug, row.parentSlug))
        .orderBy(asc(collections.position), asc(collections.slug))
      const order = siblings.map((sibling) => sibling.slug)
      const at = order.indexOf(slug)
      const to = direction === 'up' ? at - 1 : at + 1
      if (to >= 0 && to < order.length) {
        const other = order[to] ?? slug
        await tx.update(collections).set({ position: to }).where(eq(collections.slug, slug))
        await tx.update(collections).set({ position: at }).where(eq(collections.slug, other))
        order[to] = slug
        order[at] = other
        await this.audit.record(tx, context, {
          action: 'collection.move',
          entityType: 'collection',
          entityId: slug,
          before: { position: at, siblings: siblings.map((sibling) => sibling.slug) },
          after: { position: to, siblings: order },
        })
      }
    })
    return this.tree()
  }

  /** A collection's pieces, whole, in order: each a model's (family's) id, once. */
  async setPieces(slug: string, ids: string[], context: AuditContext) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(collections).where(eq(collections.slug, slug)).for('update')
      if (!row) throw notFound()
      const known = ids.length
        ? await tx
            .select({ id: products.id })
            .from(products)
            .where(and(inArray(products.id, ids), eq(products.id, products.familyId)))
        : []
      const knownIds = new Set(known.map((piece) => piece.id))
      const unknown = ids.findIndex((id) => !knownIds.has(id))
      if (unknown >= 0) {
        throw invalid(400, 'INVALID_INPUT', 'No such model', { [`pieces.${unknown}`]: 'unknown' })
      }
      const before = await this.get(slug, tx)
      await tx.delete(collectionProducts).where(eq(collectionProducts.collectionSlug, slug))
      if (ids.length > 0) {
        await tx
          .insert(collectionProducts)
          .values(ids.map((productId, position) => ({ collectionSlug: slug, productId, position })))
      }
      const after = await this.version(tx, context, slug)
      await this.audit.record(tx, context, {
        action: 'collection.pieces',
        entityType: 'collection',
        entityId: slug,
        before: { pieces: before.pieces.map((piece) => piece.family_id) },
        after: { pieces: ids },
      })
      return this.withVersions(tx, after)
    })
  }

  /**
   * A new picture for a collection: checked and cleaned as product pictures are (cleanPicture, PICTURE_REFUSED),
   * kept in the media storage, then set with its audit entry; the picture it replaces, if uploaded, is deleted after.
   */
  async picture(slug: string, bytes: Uint8Array, context: AuditContext) {
    const storage = this.storage
    if (!storage) throw new ApiError(503, 'NO_MEDIA_STORAGE', 'No media storage is set up')
    const [exists] = await this.db
      .select({ slug: collections.slug })
      .from(collections)
      .where(eq(collections.slug, slug))
    if (!exists) throw notFound()
    let picture
    try {
      picture = await cleanPicture(bytes)
    } catch (error) {
      if (error instanceof PictureRefused) throw pictureRefusal(error.problem)
      throw error
    }
    const key = `collections/${slug}/${randomUUID()}.${PICTURE_EXTENSIONS[picture.type]}`
    await storage.put(key, picture.data, picture.type)
    let replaced: CatalogImage | undefined
    try {
      const after = await this.db.transaction(async (tx) => {
        const [row] = await tx.select().from(collections).where(eq(collections.slug, slug)).for('update')
        if (!row) throw notFound()
        replaced = row.image
        const image: CatalogImage = {
          path: `${MEDIA_PATH_PREFIX}${key}`,
          width: picture.width,
          height: picture.height,
          altTh: row.image.altTh || row.nameTh,
          altEn: row.image.altEn || row.nameEn,
        }
        await tx.update(collections).set({ image }).where(eq(collections.slug, slug))
        const saved = await this.version(tx, context, slug)
        await this.audit.record(tx, context, {
          action: 'collection.picture',
          entityType: 'collection',
          entityId: slug,
          before: row.image,
          after: { ...image, bytes: picture.data.byteLength },
        })
        return this.withVersions(tx, saved)
      })
      const old = replaced ? mediaKeyOf(replaced.path) : null
      if (old !== null) {
        await storage.delete(old).catch((failure: unknown) => this.log(`[collections] ${old} not deleted`, failure))
      }
      return after
    } catch (error) {
      await storage.delete(key).catch((failure: unknown) => this.log(`[collections] ${key} not deleted`, failure))
      throw error
    }
  }

  /**
   * A collection deleted with its list of pieces (the pieces themselves stay in the catalog). Its sub-collections are
   * kept: they become top-level collections, after the others, in their order.
   */
  async remove(slug: string, context: AuditContext) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(collections).where(eq(collections.slug, slug)).for('update')
      if (!row) throw notFound()
      const before = await this.get(slug, tx)
      const moved = before.children.map((child) => child.slug)
      let position = await this.nextPosition(tx, null)
      for (const child of moved) {
        await tx.update(collections).set({ parentSlug: null, position }).where(eq(collections.slug, child))
        position += 1
      }
      await tx.delete(collections).where(eq(collections.slug, slug))
      await this.renumber(tx, row.parentSlug)
      await this.audit.record(tx, context, {
        action: 'collection.delete',
        entityType: 'collection',
        entityId: slug,
        before,
        after: { moved },
      })
      return { deleted: slug, moved }
    })
  }
}
