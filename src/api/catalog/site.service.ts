import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { collections, editorials, siteDocuments, type CatalogImage } from '~/db/schema'
import type { Lang } from '~/contract/catalog'
import {
  DEFAULT_FEATURED_COLLECTIONS,
  DEFAULT_HOME,
  DEFAULT_MENU,
  homeDocumentSchema,
  menuDocumentSchema,
  type HomeBlock,
  type HomeDocument,
  type MenuDocument,
} from '~/contract/site'
import { imageWire, pick } from './localise'

export const SITE_DOCUMENT_KEYS = ['home', 'menu'] as const
export type SiteDocumentKey = (typeof SITE_DOCUMENT_KEYS)[number]

type Reader = Pick<Db, 'select'>

/** The published body of a site document, checked by its schema; null when none is published (or it is unreadable). */
export async function publishedSiteDocument(db: Reader, key: SiteDocumentKey) {
  const [row] = await db.select().from(siteDocuments).where(eq(siteDocuments.key, key)).limit(1)
  return row ?? null
}

export async function publishedHome(db: Reader): Promise<{ document: HomeDocument; version: number | null }> {
  const row = await publishedSiteDocument(db, 'home')
  const parsed = row ? homeDocumentSchema.safeParse(row.body) : null
  return parsed?.success
    ? { document: parsed.data, version: row?.version ?? null }
    : { document: DEFAULT_HOME, version: null }
}

export async function publishedMenu(db: Reader): Promise<{ document: MenuDocument; version: number | null }> {
  const row = await publishedSiteDocument(db, 'menu')
  const parsed = row ? menuDocumentSchema.safeParse(row.body) : null
  return parsed?.success
    ? { document: parsed.data, version: row?.version ?? null }
    : { document: DEFAULT_MENU, version: null }
}

const pictureOf = (picture: { path: string; width: number; height: number; alt_th: string; alt_en: string }) =>
  ({
    path: picture.path,
    width: picture.width,
    height: picture.height,
    altTh: picture.alt_th,
    altEn: picture.alt_en,
  }) satisfies CatalogImage

/**
 * The site documents as the shop reads them (decision 198): the home page's blocks and the menu's featured links,
 * resolved in the shopper's language from the live `site_documents` row, or from the default document when none is
 * published. Chosen collections or editorials that no longer exist are left out; a hero whose editorial is gone
 * shows the newest one.
 */
export class SiteService {
  constructor(private readonly db: Db) {}

  async home(lang: Lang) {
    const { document, version } = await publishedHome(this.db)
    return { version, blocks: await resolveHomeBlocks(this.db, document.blocks, lang) }
  }

  async menu(lang: Lang) {
    const { document } = await publishedMenu(this.db)
    return {
      links: document.links.map((link) => ({ path: link.path, label: pick(lang, link.label_th, link.label_en) })),
    }
  }
}

/** A home document's blocks resolved for the shop (the shop's read, and the back office's preview of a draft). */
export async function resolveHomeBlocks(db: Reader, blocks: HomeBlock[], lang: Lang) {
  const needsEditorials = blocks.some((block) => block.kind === 'hero' || block.kind === 'editorials')
  const needsCollections = blocks.some((block) => block.kind === 'collections')
  const [editorialRows, collectionRows] = await Promise.all([
    needsEditorials
      ? db.select().from(editorials).where(eq(editorials.status, 'published')).orderBy(desc(editorials.publishedAt))
      : Promise.resolve([]),
    needsCollections
      ? db.select().from(collections).orderBy(asc(collections.position), asc(collections.slug))
      : Promise.resolve([]),
  ])
  const editorialBySlug = new Map(editorialRows.map((row) => [row.slug, row]))
  const collectionBySlug = new Map(collectionRows.map((row) => [row.slug, row]))
  const resolved = blocks.map((block) => {
    switch (block.kind) {
      case 'hero': {
        if (block.custom) {
          const custom = block.custom
          return {
            kind: 'hero' as const,
            title: pick(lang, custom.title_th, custom.title_en),
            text: pick(lang, custom.text_th, custom.text_en),
            image: imageWire(pictureOf(custom.picture), lang),
            editorial: null,
            link: custom.link,
            link_label: pick(lang, custom.link_label_th, custom.link_label_en),
          }
        }
        const row = (block.editorial ? editorialBySlug.get(block.editorial) : undefined) ?? editorialRows[0]
        if (!row) return null
        return {
          kind: 'hero' as const,
          title: pick(lang, row.titleTh, row.titleEn),
          text: pick(lang, row.excerptTh, row.excerptEn),
          image: imageWire(row.heroImage, lang),
          editorial: row.slug,
          link: null,
          link_label: null,
        }
      }
      case 'collections': {
        const rows =
          block.slugs.length > 0
            ? block.slugs.flatMap((slug) => collectionBySlug.get(slug) ?? [])
            : collectionRows.filter((row) => row.parentSlug === null).slice(0, DEFAULT_FEATURED_COLLECTIONS)
        return {
          kind: 'collections' as const,
          items: rows.map((row) => ({
            slug: row.slug,
            parent: row.parentSlug,
            name: pick(lang, row.nameTh, row.nameEn),
            image: imageWire(row.image, lang),
          })),
        }
      }
      case 'editorials': {
        const rows =
          block.slugs.length > 0
            ? block.slugs.flatMap((slug) => editorialBySlug.get(slug) ?? [])
            : editorialRows.slice(0, block.newest)
        return {
          kind: 'editorials' as const,
          items: rows.map((row) => ({
            slug: row.slug,
            title: pick(lang, row.titleTh, row.titleEn),
            excerpt: pick(lang, row.excerptTh, row.excerptEn),
            image: imageWire(row.heroImage, lang),
          })),
        }
      }
      case 'new_arrivals':
        return { kind: 'new_arrivals' as const, count: block.count }
    }
  })
  return resolved.filter((block) => block !== null)
}

/** Whether every collection and editorial a home document names exists (the back office refuses one that does not). */
export async function unknownHomeReferences(db: Reader, document: HomeDocument): Promise<Record<string, string>> {
  const fields: Record<string, string> = {}
  const collectionSlugs = new Set<string>()
  const editorialSlugs = new Set<string>()
  for (const block of document.blocks) {
    if (block.kind === 'collections') block.slugs.forEach((slug) => collectionSlugs.add(slug))
    if (block.kind === 'editorials') block.slugs.forEach((slug) => editorialSlugs.add(slug))
    if (block.kind === 'hero' && block.editorial && !block.custom) editorialSlugs.add(block.editorial)
  }
  const [knownCollections, knownEditorials] = await Promise.all([
    collectionSlugs.size
      ? db
          .select({ slug: collections.slug })
          .from(collections)
          .where(inArray(collections.slug, [...collectionSlugs]))
      : Promise.resolve([]),
    editorialSlugs.size
      ? db
          .select({ slug: editorials.slug })
          .from(editorials)
          .where(inArray(editorials.slug, [...editorialSlugs]))
      : Promise.resolve([]),
  ])
  const hasCollection = new Set(knownCollections.map((row) => row.slug))
  const hasEditorial = new Set(knownEditorials.map((row) => row.slug))
  document.blocks.forEach((block, index) => {
    if (block.kind === 'collections') {
      const at = block.slugs.findIndex((slug) => !hasCollection.has(slug))
      if (at >= 0) fields[`blocks.${index}.slugs.${at}`] = 'unknown'
    }
    if (block.kind === 'editorials') {
      const at = block.slugs.findIndex((slug) => !hasEditorial.has(slug))
      if (at >= 0) fields[`blocks.${index}.slugs.${at}`] = 'unknown'
    }
    if (block.kind === 'hero' && block.editorial && !block.custom && !hasEditorial.has(block.editorial)) {
      fields[`blocks.${index}.editorial`] = 'unknown'
    }
  })
  return fields
}
