import { randomUUID } from 'node:crypto'
import { asc, desc } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { collections, editorials, siteDocuments, type ContentVersionRow } from '~/db/schema'
import { ApiError } from '~/api/errors'
import { issueFields } from '~/api/http.server'
import {
  publishedSiteDocument,
  resolveHomeBlocks,
  unknownHomeReferences,
  type SiteDocumentKey,
} from '~/api/catalog/site.service'
import { DEFAULT_HOME, DEFAULT_MENU, homeDocumentSchema, menuDocumentSchema } from '~/contract/site'
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
  versionWire,
} from './content-versions.server'
import { pictureRefusal } from './pictures.service'

const DEFAULTS = { home: DEFAULT_HOME, menu: DEFAULT_MENU }
const SCHEMAS = { home: homeDocumentSchema, menu: menuDocumentSchema }

const versionView = versionWire

/**
 * The home page's blocks and the menu in the back office (issue 32 item 6, decision 198). Each is one document, saved
 * whole: a draft adds a version (content_versions) and leaves the shop as it is; a publish adds a version and writes
 * the live `site_documents` row the shop reads, in one transaction with its audit entry; a restore adds an old
 * version's body again as the newest, published. Bodies are checked by their zod schema (a 400 naming each field).
 */
export class AdminSite {
  constructor(
    private readonly db: Db,
    private readonly audit: Pick<AuditLog, 'record'>,
    private readonly storage: MediaStorage | null,
  ) {}

  /** A body checked by its document's schema, and (the home page) naming only collections and editorials there are. */
  async checked(document: SiteDocumentKey, body: unknown) {
    const parsed = SCHEMAS[document].safeParse(body)
    if (!parsed.success) {
      const fields = Object.fromEntries(
        Object.entries(issueFields(parsed.error.issues, body)).map(([key, value]) => [`body.${key}`, value]),
      )
      throw new ApiError(400, 'INVALID_INPUT', 'Invalid request', { fields })
    }
    if (document === 'home') {
      const unknown = await unknownHomeReferences(this.db, homeDocumentSchema.parse(parsed.data))
      if (Object.keys(unknown).length > 0) {
        const fields = Object.fromEntries(Object.entries(unknown).map(([key, value]) => [`body.${key}`, value]))
        throw new ApiError(400, 'INVALID_INPUT', 'A chosen collection or editorial does not exist', { fields })
      }
    }
    return parsed.data
  }

  async get(document: SiteDocumentKey) {
    const ref = { kind: document, key: document } as const
    const [latest, live, versions] = await Promise.all([
      latestContentVersion(this.db, ref),
      publishedSiteDocument(this.db, document),
      listContentVersions(this.db, ref),
    ])
    const fallback = DEFAULTS[document]
    return {
      document,
      draft: latest?.body ?? live?.body ?? fallback,
      draft_version: latest?.version ?? null,
      published: live?.body ?? fallback,
      published_version: live?.version ?? null,
      versions: versions.map(versionView),
    } as {
      document: SiteDocumentKey
      draft: typeof fallback
      draft_version: number | null
      published: typeof fallback
      published_version: number | null
      versions: ReturnType<typeof versionView>[]
    }
  }

  async version(document: SiteDocumentKey, version: number) {
    const row = await getContentVersion(this.db, { kind: document, key: document }, version)
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such version')
    return { ...versionView(row), body: row.body as (typeof DEFAULTS)[SiteDocumentKey] }
  }

  private async publish(tx: Tx, document: SiteDocumentKey, saved: ContentVersionRow) {
    await tx
      .insert(siteDocuments)
      .values({ key: document, body: saved.body, version: saved.version, publishedAt: saved.createdAt })
      .onConflictDoUpdate({
        target: siteDocuments.key,
        set: { body: saved.body, version: saved.version, publishedAt: saved.createdAt },
      })
  }

  /** The whole document saved as the next version: a draft, or published (the shop shows it at its next answer). */
  async save(
    document: SiteDocumentKey,
    body: unknown,
    publish: boolean,
    note: string | undefined,
    context: AuditContext,
  ) {
    const checked = await this.checked(document, body)
    await this.db.transaction(async (tx) => {
      const live = await publishedSiteDocument(tx, document)
      const saved = await saveContentVersion(
        tx,
        context,
        { kind: document, key: document },
        checked,
        publish ? 'published' : 'draft',
        { note: note ?? null },
      )
      if (publish) await this.publish(tx, document, saved)
      await this.audit.record(tx, context, {
        action: `${document}.${publish ? 'publish' : 'draft'}`,
        entityType: 'site_document',
        entityId: document,
        before: { version: live?.version ?? null, body: live?.body ?? DEFAULTS[document] },
        after: { version: saved.version, body: checked },
      })
    })
    return this.get(document)
  }

  /** An old version's body added again as the newest version, and published. */
  async restore(document: SiteDocumentKey, version: number, context: AuditContext) {
    await this.db.transaction(async (tx) => {
      const old = await getContentVersion(tx, { kind: document, key: document }, version)
      if (!old) throw new ApiError(404, 'NOT_FOUND', 'No such version')
      const live = await publishedSiteDocument(tx, document)
      const saved = await saveContentVersion(tx, context, { kind: document, key: document }, old.body, 'published', {
        restoredFrom: version,
      })
      await this.publish(tx, document, saved)
      await this.audit.record(tx, context, {
        action: `${document}.restore`,
        entityType: 'site_document',
        entityId: document,
        before: { version: live?.version ?? null, body: live?.body ?? DEFAULTS[document] },
        after: { version: saved.version, restoredFrom: version, body: old.body },
      })
    })
    return this.get(document)
  }

  /** A home document as the shop would show it, in one language: what the editor's preview shows. */
  async preview(body: unknown, lang: 'th' | 'en') {
    const checked = homeDocumentSchema.parse(await this.checked('home', body))
    return { version: null, blocks: await resolveHomeBlocks(this.db, checked.blocks, lang) }
  }

  /** The collections and editorials the editor may choose. */
  async choices() {
    const [collectionRows, editorialRows] = await Promise.all([
      this.db.select().from(collections).orderBy(asc(collections.position), asc(collections.slug)),
      this.db.select().from(editorials).orderBy(desc(editorials.publishedAt)),
    ])
    const tops = collectionRows.filter((row) => row.parentSlug === null)
    const ordered = tops.flatMap((top) => [top, ...collectionRows.filter((row) => row.parentSlug === top.slug)])
    return {
      collections: ordered.map((row) => ({
        slug: row.slug,
        parent: row.parentSlug,
        name_th: row.nameTh,
        name_en: row.nameEn,
      })),
      editorials: editorialRows.map((row) => ({ slug: row.slug, title_th: row.titleTh, title_en: row.titleEn })),
    }
  }

  /** A picture for a custom hero: checked and cleaned as product pictures are, kept in the media storage. */
  async upload(bytes: Uint8Array, context: AuditContext) {
    if (!this.storage) throw new ApiError(503, 'NO_MEDIA_STORAGE', 'No media storage is set up')
    let picture
    try {
      picture = await cleanPicture(bytes)
    } catch (error) {
      if (error instanceof PictureRefused) throw pictureRefusal(error.problem)
      throw error
    }
    const key = `site/${randomUUID()}.${PICTURE_EXTENSIONS[picture.type]}`
    await this.storage.put(key, picture.data, picture.type)
    const kept = { path: `${MEDIA_PATH_PREFIX}${key}`, width: picture.width, height: picture.height }
    await this.db.transaction(async (tx) => {
      await this.audit.record(tx, context, {
        action: 'site_picture.upload',
        entityType: 'site_picture',
        entityId: kept.path,
        after: { ...kept, bytes: picture.data.byteLength },
      })
    })
    return kept
  }
}
