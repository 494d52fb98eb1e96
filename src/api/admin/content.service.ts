import { randomUUID } from 'node:crypto'
import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '~/db/client.server'
import {
  contentPages,
  contentVersions,
  editorials,
  products,
  type CatalogImage,
  type EditorialRow,
  type RichBlock,
} from '~/db/schema'
import { ApiError } from '~/api/errors'
import type {
  contentBlockSchema,
  contentPictureSchema,
  editorialDocumentSchema,
  infoPageDocumentSchema,
  INFO_PAGE_KEYS,
} from '~/contract/admin-content'
import { cleanPicture, PICTURE_EXTENSIONS, PictureRefused } from '~/media/picture.server'
import { MEDIA_PATH_PREFIX } from '~/media/media-path'
import type { MediaStorage } from '~/media/storage.server'
import type { AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'
import {
  getContentVersion,
  latestContentVersion,
  listContentVersions,
  saveContentVersion,
  type ContentDocumentRef,
  type ContentVersionState,
  type ContentVersionSummary,
} from './content-versions.server'
import { modelsMatching } from './model-search.server'
import { pictureRefusal } from './pictures.service'

type Lang = 'th' | 'en'
export type InfoPageKey = (typeof INFO_PAGE_KEYS)[number]
type BlockWire = z.output<typeof contentBlockSchema>
type PictureWire = z.output<typeof contentPictureSchema>
export type InfoPageWire = z.output<typeof infoPageDocumentSchema>
export type EditorialWire = z.output<typeof editorialDocumentSchema>

/** An info page as content_pages and its versions keep it (camelCase, the shop's blocks). */
export type InfoPageDocument = {
  titleTh: string
  titleEn: string
  descriptionTh: string
  descriptionEn: string
  bodyTh: RichBlock[]
  bodyEn: RichBlock[]
}

/** An editorial as its row and its versions keep it (without its slug, status and date). */
export type EditorialDocument = {
  titleTh: string
  titleEn: string
  excerptTh: string
  excerptEn: string
  heroImage: CatalogImage
  bodyTh: RichBlock[]
  bodyEn: RichBlock[]
}

function invalid(fields: Record<string, string>): ApiError {
  return new ApiError(400, 'INVALID_INPUT', 'Invalid request', { fields })
}

const pictureOf = (wire: PictureWire): CatalogImage => ({
  path: wire.path,
  width: wire.width,
  height: wire.height,
  altTh: wire.alt_th,
  altEn: wire.alt_en,
})

const pictureWire = (image: CatalogImage) => ({
  path: image.path,
  width: image.width,
  height: image.height,
  altTh: image.altTh,
  altEn: image.altEn,
})

function blockOf(wire: BlockWire): RichBlock {
  switch (wire.kind) {
    case 'image':
      return { kind: 'image', image: pictureOf(wire.image) }
    case 'products':
      return { kind: 'products', productIds: [...new Set(wire.product_ids)] }
    case 'ul':
      return { kind: 'ul', items: wire.items }
    default:
      return { kind: wire.kind, text: wire.text }
  }
}

/** A stored block as the admin API shows it (camelCase here; toWire makes it snake_case). */
function blockWire(block: RichBlock) {
  switch (block.kind) {
    case 'image':
      return { kind: 'image' as const, image: pictureWire(block.image) }
    case 'products':
      return { kind: 'products' as const, productIds: block.productIds }
    default:
      return block
  }
}

export const infoPageOf = (wire: InfoPageWire): InfoPageDocument => ({
  titleTh: wire.title_th,
  titleEn: wire.title_en,
  descriptionTh: wire.description_th,
  descriptionEn: wire.description_en,
  bodyTh: wire.body_th.map(blockOf),
  bodyEn: wire.body_en.map(blockOf),
})

export const editorialOf = (wire: EditorialWire): EditorialDocument => ({
  titleTh: wire.title_th,
  titleEn: wire.title_en,
  excerptTh: wire.excerpt_th,
  excerptEn: wire.excerpt_en,
  heroImage: pictureOf(wire.hero_image),
  bodyTh: wire.body_th.map(blockOf),
  bodyEn: wire.body_en.map(blockOf),
})

function infoPageView(document: InfoPageDocument) {
  return { ...document, bodyTh: document.bodyTh.map(blockWire), bodyEn: document.bodyEn.map(blockWire) }
}

function editorialView(document: EditorialDocument) {
  return {
    ...document,
    heroImage: pictureWire(document.heroImage),
    bodyTh: document.bodyTh.map(blockWire),
    bodyEn: document.bodyEn.map(blockWire),
  }
}

function versionView(row: ContentVersionSummary) {
  return {
    version: row.version,
    state: row.state as ContentVersionState,
    restoredFrom: row.restoredFrom,
    note: row.note,
    actorType: row.actorType,
    actorLabel: row.actorLabel,
    createdAt: row.createdAt.toISOString(),
  }
}

const pageDocumentOfRow = (row: typeof contentPages.$inferSelect): InfoPageDocument => ({
  titleTh: row.titleTh,
  titleEn: row.titleEn,
  descriptionTh: row.descriptionTh,
  descriptionEn: row.descriptionEn,
  bodyTh: row.bodyTh,
  bodyEn: row.bodyEn,
})

const editorialDocumentOfRow = (row: EditorialRow): EditorialDocument => ({
  titleTh: row.titleTh,
  titleEn: row.titleEn,
  excerptTh: row.excerptTh,
  excerptEn: row.excerptEn,
  heroImage: row.heroImage,
  bodyTh: row.bodyTh,
  bodyEn: row.bodyEn,
})

/** Every product a document's blocks name, where (`body_th.2.product_ids`) for the error. */
function productsNamed(document: { bodyTh: RichBlock[]; bodyEn: RichBlock[] }) {
  const named: Array<{ id: string; field: string }> = []
  for (const [field, body] of [
    ['body_th', document.bodyTh],
    ['body_en', document.bodyEn],
  ] as const) {
    body.forEach((block, index) => {
      if (block.kind === 'products') {
        for (const id of block.productIds) named.push({ id, field: `${field}.${index}.product_ids` })
      }
    })
  }
  return named
}

/**
 * Pages in the back office (issue 32 item 6, decision 197): the info pages and the editorials. The shop reads the
 * live rows (content_pages, editorials), which a publish or a restore writes; every save adds a version (whole, both
 * languages) in the same transaction as the change and its audit entry. A draft is a version only, except for an
 * editorial never published, whose row is itself a draft (a 404 to shoppers).
 */
export class AdminContent {
  constructor(
    private readonly db: Db,
    private readonly audit: Pick<AuditLog, 'record'>,
    private readonly now: () => Date,
    private readonly storage: MediaStorage | null,
    /** The shop's page of an info page or an editorial, in the staff member's language. */
    private readonly shopUrl: (kind: 'info_page' | 'editorial', slug: string, language: Lang) => string,
  ) {}

  /** Products named by blocks must exist (400 naming the block otherwise). */
  private async checkProducts(tx: Tx, document: { bodyTh: RichBlock[]; bodyEn: RichBlock[] }): Promise<void> {
    const named = productsNamed(document)
    if (named.length === 0) return
    const ids = [...new Set(named.map((entry) => entry.id))]
    const known = new Set(
      (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((row) => row.id),
    )
    const fields: Record<string, string> = {}
    for (const entry of named) if (!known.has(entry.id)) fields[entry.field] ??= 'unknown_product'
    if (Object.keys(fields).length > 0) throw invalid(fields)
  }

  // ── Info pages ──────────────────────────────────────────────────────────────────────────────────────────────────

  async listPages(language: Lang) {
    const rows = await this.db.select().from(contentPages).orderBy(asc(contentPages.slug))
    const versions = await this.db
      .select({
        key: contentVersions.documentKey,
        version: contentVersions.version,
        state: contentVersions.state,
        actorLabel: contentVersions.actorLabel,
        createdAt: contentVersions.createdAt,
      })
      .from(contentVersions)
      .where(eq(contentVersions.documentKind, 'info_page'))
      .orderBy(desc(contentVersions.version))
    return {
      items: rows.map((row) => {
        const of = versions.filter((version) => version.key === row.slug)
        const newest = of[0]
        return {
          slug: row.slug as InfoPageKey,
          title: language === 'th' ? row.titleTh : row.titleEn,
          versions: of.length,
          draft: newest?.state === 'draft',
          updatedAt: newest?.createdAt.toISOString() ?? null,
          updatedBy: newest?.actorLabel ?? null,
        }
      }),
    }
  }

  private async pageRow(executor: Pick<Db, 'select'>, slug: InfoPageKey) {
    const [row] = await executor.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1)
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such page')
    return row
  }

  async page(slug: InfoPageKey, language: Lang) {
    const row = await this.pageRow(this.db, slug)
    const ref: ContentDocumentRef = { kind: 'info_page', key: slug }
    const newest = await latestContentVersion(this.db, ref)
    return {
      slug,
      shopUrl: this.shopUrl('info_page', slug, language),
      published: infoPageView(pageDocumentOfRow(row)),
      draft: newest?.state === 'draft' ? infoPageView(newest.body as InfoPageDocument) : null,
      versions: (await listContentVersions(this.db, ref)).map(versionView),
    }
  }

  async pageVersion(slug: InfoPageKey, version: number) {
    const row = await getContentVersion(this.db, { kind: 'info_page', key: slug }, version)
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such version')
    return { ...versionView(row), document: infoPageView(row.body as InfoPageDocument) }
  }

  /** A page whole saved: a draft (a version only) or published (content_pages written too), audited, in one go. */
  async savePage(
    slug: InfoPageKey,
    document: InfoPageDocument,
    state: ContentVersionState,
    note: string | null,
    context: AuditContext,
    restoredFrom: number | null = null,
  ) {
    await this.db.transaction(async (tx) => {
      const before = await this.pageRow(tx, slug)
      await this.checkProducts(tx, document)
      const saved = await saveContentVersion(tx, context, { kind: 'info_page', key: slug }, document, state, {
        note,
        restoredFrom,
      })
      if (state === 'published') {
        await tx.update(contentPages).set(document).where(eq(contentPages.slug, slug))
      }
      await this.audit.record(tx, context, {
        action: restoredFrom ? 'info_page.restore' : state === 'published' ? 'info_page.publish' : 'info_page.draft',
        entityType: 'info_page',
        entityId: slug,
        before: state === 'published' ? pageDocumentOfRow(before) : null,
        after: { version: saved.version, state, restoredFrom, note, document },
      })
    })
    return this.page(slug, context.actor.language)
  }

  /** An old version published again as the newest (the history only grows). */
  async restorePage(slug: InfoPageKey, version: number, note: string | null, context: AuditContext) {
    const old = await getContentVersion(this.db, { kind: 'info_page', key: slug }, version)
    if (!old) throw new ApiError(404, 'NOT_FOUND', 'No such version')
    return this.savePage(slug, old.body as InfoPageDocument, 'published', note, context, version)
  }

  // ── Editorials ──────────────────────────────────────────────────────────────────────────────────────────────────

  async listEditorials(language: Lang) {
    const rows = await this.db.select().from(editorials).orderBy(desc(editorials.publishedAt))
    const versions = await this.db
      .select({ key: contentVersions.documentKey, version: contentVersions.version, state: contentVersions.state })
      .from(contentVersions)
      .where(eq(contentVersions.documentKind, 'editorial'))
      .orderBy(desc(contentVersions.version))
    return {
      items: rows.map((row) => {
        const of = versions.filter((version) => version.key === row.slug)
        return {
          slug: row.slug,
          title: language === 'th' ? row.titleTh : row.titleEn,
          status: row.status as 'draft' | 'published',
          publishedAt: row.publishedAt.toISOString(),
          heroPath: row.heroImage.path,
          draft: row.status === 'published' && of[0]?.state === 'draft',
          versions: of.length,
        }
      }),
    }
  }

  private async editorialRow(executor: Pick<Db, 'select'>, slug: string, lock = false) {
    const query = executor.select().from(editorials).where(eq(editorials.slug, slug)).limit(1)
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such editorial')
    return row
  }

  async editorial(slug: string, language: Lang) {
    const row = await this.editorialRow(this.db, slug)
    const ref: ContentDocumentRef = { kind: 'editorial', key: slug }
    const newest = await latestContentVersion(this.db, ref)
    return {
      slug: row.slug,
      status: row.status as 'draft' | 'published',
      publishedAt: row.publishedAt.toISOString(),
      shopUrl: this.shopUrl('editorial', row.slug, language),
      live: editorialView(editorialDocumentOfRow(row)),
      draft:
        row.status === 'published' && newest?.state === 'draft'
          ? editorialView(newest.body as EditorialDocument)
          : null,
      versions: (await listContentVersions(this.db, ref)).map(versionView),
    }
  }

  async editorialVersion(slug: string, version: number) {
    const row = await getContentVersion(this.db, { kind: 'editorial', key: slug }, version)
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such version')
    return { ...versionView(row), document: editorialView(row.body as EditorialDocument) }
  }

  /** A new editorial, as a draft (its row a 404 to shoppers until it is published) and its version 1. */
  async createEditorial(slug: string, document: EditorialDocument, note: string | null, context: AuditContext) {
    await this.db.transaction(async (tx) => {
      await this.checkProducts(tx, document)
      const [created] = await tx
        .insert(editorials)
        .values({ slug, ...document, status: 'draft', publishedAt: this.now() })
        .onConflictDoNothing()
        .returning()
      if (!created) {
        throw new ApiError(409, 'SLUG_TAKEN', 'Another editorial has this slug', { fields: { slug: 'taken' } })
      }
      const saved = await saveContentVersion(tx, context, { kind: 'editorial', key: slug }, document, 'draft', {
        note,
      })
      await this.audit.record(tx, context, {
        action: 'editorial.create',
        entityType: 'editorial',
        entityId: slug,
        after: { version: saved.version, status: 'draft', document },
      })
    })
    return this.editorial(slug, context.actor.language)
  }

  /**
   * The row's text as it was, kept as a version first when the editorial has none yet (the demo's editorials), so
   * that the first edit can be undone.
   */
  private async baseline(tx: Tx, row: EditorialRow, context: AuditContext): Promise<void> {
    const ref: ContentDocumentRef = { kind: 'editorial', key: row.slug }
    if (await latestContentVersion(tx, ref)) return
    await saveContentVersion(
      tx,
      context,
      ref,
      editorialDocumentOfRow(row),
      row.status === 'published' ? 'published' : 'draft',
      { note: 'As it was before its first edit' },
    )
  }

  /**
   * An editorial whole saved. Published: its row written and shown (first published now, if it was a draft). A draft
   * of a published editorial is a version only (the shop keeps the published text); of a draft, its row too.
   */
  async saveEditorial(
    slug: string,
    document: EditorialDocument,
    state: ContentVersionState,
    note: string | null,
    context: AuditContext,
    restoredFrom: number | null = null,
  ) {
    await this.db.transaction(async (tx) => {
      const before = await this.editorialRow(tx, slug, true)
      await this.checkProducts(tx, document)
      await this.baseline(tx, before, context)
      const saved = await saveContentVersion(tx, context, { kind: 'editorial', key: slug }, document, state, {
        note,
        restoredFrom,
      })
      if (state === 'published') {
        await tx
          .update(editorials)
          .set({
            ...document,
            status: 'published',
            ...(before.status === 'draft' ? { publishedAt: this.now() } : {}),
          })
          .where(eq(editorials.slug, slug))
      } else if (before.status === 'draft') {
        await tx.update(editorials).set(document).where(eq(editorials.slug, slug))
      }
      await this.audit.record(tx, context, {
        action: restoredFrom ? 'editorial.restore' : state === 'published' ? 'editorial.publish' : 'editorial.draft',
        entityType: 'editorial',
        entityId: slug,
        before: { status: before.status, document: editorialDocumentOfRow(before) },
        after: { version: saved.version, state, restoredFrom, note, document },
      })
    })
    return this.editorial(slug, context.actor.language)
  }

  async restoreEditorial(slug: string, version: number, note: string | null, context: AuditContext) {
    const old = await getContentVersion(this.db, { kind: 'editorial', key: slug }, version)
    if (!old) throw new ApiError(404, 'NOT_FOUND', 'No such version')
    return this.saveEditorial(slug, old.body as EditorialDocument, 'published', note, context, version)
  }

  /** Taken off the shop: the row stays, as a draft (its URL a 404, off the list, the home page and the sitemap). */
  async unpublishEditorial(slug: string, context: AuditContext) {
    await this.db.transaction(async (tx) => {
      const before = await this.editorialRow(tx, slug, true)
      if (before.status === 'draft') return
      await this.baseline(tx, before, context)
      await tx.update(editorials).set({ status: 'draft' }).where(eq(editorials.slug, slug))
      await this.audit.record(tx, context, {
        action: 'editorial.unpublish',
        entityType: 'editorial',
        entityId: slug,
        before: { status: 'published' },
        after: { status: 'draft' },
      })
    })
    return this.editorial(slug, context.actor.language)
  }

  /** A draft deleted (a published one: unpublish it first, 409); its versions stay in the history. */
  async deleteEditorial(slug: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.editorialRow(tx, slug, true)
      if (before.status === 'published') {
        throw new ApiError(409, 'CONTENT_PUBLISHED', 'A published editorial cannot be deleted', {
          fields: { status: 'published' },
        })
      }
      await tx.delete(editorials).where(eq(editorials.slug, slug))
      await this.audit.record(tx, context, {
        action: 'editorial.delete',
        entityType: 'editorial',
        entityId: slug,
        before: { status: before.status, document: editorialDocumentOfRow(before) },
      })
    })
  }

  // ── Pictures and products for the blocks ────────────────────────────────────────────────────────────────────────

  /**
   * A picture for a page: checked by its content and cleaned by the pictures' own function (decision 194), kept under
   * `content/<uuid>.<ext>` in the media storage, audited. Its alt text is given where a block or the hero uses it.
   */
  async upload(bytes: Uint8Array, context: AuditContext) {
    if (!this.storage) throw new ApiError(404, 'NOT_FOUND', 'No media storage')
    let picture
    try {
      picture = await cleanPicture(bytes)
    } catch (error) {
      if (error instanceof PictureRefused) throw pictureRefusal(error.problem)
      throw error
    }
    const key = `content/${randomUUID()}.${PICTURE_EXTENSIONS[picture.type]}`
    await this.storage.put(key, picture.data, picture.type)
    const kept = { path: `${MEDIA_PATH_PREFIX}${key}`, width: picture.width, height: picture.height }
    await this.audit.record(this.db, context, {
      action: 'content_picture.upload',
      entityType: 'content_picture',
      entityId: key,
      after: { ...kept, bytes: picture.data.byteLength },
    })
    return kept
  }

  /** Pieces for a products block: every colour of the models found by the back office's product finder. */
  async products(q: string | undefined, language: Lang) {
    const ids = await modelsMatching(this.db, q)
    if (ids.length === 0) return { items: [] }
    const rows = await this.db
      .select()
      .from(products)
      .where(inArray(products.familyId, ids))
      .orderBy(asc(products.familyId), asc(products.colorPosition), asc(products.id))
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: language === 'th' ? row.nameTh : row.nameEn,
        colour: language === 'th' ? row.colorNameTh : row.colorNameEn,
        status: row.status,
        cover: row.images[0]?.path ?? null,
      })),
    }
  }
}
