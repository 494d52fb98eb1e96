import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { PICTURE_ALT_MAX } from '~/domain/pictures'
import { contentVersionSchema } from './admin-content'
import { slug } from './catalog'
import { nullable } from './nullable'
import { homeDocumentSchema, homePageSchema, menuDocumentSchema } from './site'

/**
 * Collections, the home page's blocks and the menu in the admin API (issue 32 item 6, decision 198). snake_case on
 * the wire like the rest of the admin API.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasForbiddenCharacters(value.replace(/\n/g, ' ')), 'not valid')

const name = text(80).pipe(z.string().min(1, 'required'))

export const COLLECTION_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

export const adminCollectionSlugParam = z.object({
  slug: z.string().min(1).max(120).openapi({ description: 'The collection’s slug' }),
})

export const adminCollectionImageSchema = z
  .object({ path: z.string(), width: z.int(), height: z.int(), alt_th: z.string(), alt_en: z.string() })
  .openapi('AdminCollectionImage')

const collectionFields = {
  slug: z.string(),
  parent: nullable(z.string()).openapi({ description: 'The parent’s slug: a sub-collection (one level deep)' }),
  position: z.int().openapi({ description: 'Its place among its siblings, from 0' }),
  name_th: z.string(),
  name_en: z.string(),
  description_th: z.string(),
  description_en: z.string(),
  image: adminCollectionImageSchema,
  products: z.int().openapi({ description: 'How many pieces (models) it holds' }),
}

export const adminCollectionNodeSchema = z
  .object({ ...collectionFields, children: z.array(z.object(collectionFields)) })
  .openapi('AdminCollectionNode')

export const adminCollectionTreeSchema = z
  .object({ items: z.array(adminCollectionNodeSchema).openapi({ description: 'Top-level collections in order' }) })
  .openapi('AdminCollectionTree')

export const adminCollectionPieceSchema = z
  .object({ family_id: z.string(), name: z.string(), cover: nullable(z.string()), status: z.string() })
  .openapi('AdminCollectionPiece')

export const adminCollectionSchema = z
  .object({
    ...collectionFields,
    children: z.array(z.object({ slug: z.string(), name_th: z.string(), name_en: z.string() })),
    pieces: z.array(adminCollectionPieceSchema).openapi({ description: 'Its pieces in the order the shop lists them' }),
    versions: z.array(contentVersionSchema).openapi({ description: 'Every change kept as a version, newest first' }),
  })
  .openapi('AdminCollection')

export const adminCollectionVersionParam = z.object({
  slug,
  version: z.coerce.number().int().positive().openapi({ type: 'integer', description: 'A version number' }),
})

export const adminCollectionCreateBody = z
  .object({
    slug: z
      .string()
      .trim()
      .min(1, 'required')
      .max(60)
      .regex(COLLECTION_SLUG_PATTERN, 'lower-case words and hyphens')
      .openapi({ description: 'Lower-case letters and digits in words joined by single hyphens; unique' }),
    parent: nullable(slug).optional(),
    name_th: name,
    name_en: name,
    description_th: text(1000).default(''),
    description_en: text(1000).default(''),
  })
  .openapi('AdminCollectionCreate')

export const adminCollectionEditBody = z
  .object({
    parent: nullable(slug).optional().openapi({ description: 'null: a top-level collection' }),
    name_th: name.optional(),
    name_en: name.optional(),
    description_th: text(1000).optional(),
    description_en: text(1000).optional(),
    alt_th: text(PICTURE_ALT_MAX).optional(),
    alt_en: text(PICTURE_ALT_MAX).optional(),
  })
  .openapi('AdminCollectionEdit')

export const adminCollectionMoveBody = z
  .object({ direction: z.enum(['up', 'down']).openapi({ description: 'Before or after its neighbour' }) })
  .openapi('AdminCollectionMove')

export const adminCollectionPiecesBody = z
  .object({
    pieces: z
      .array(z.string().min(1).max(100))
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, 'each once')
      .openapi({ description: 'The models’ (families’) ids in the order the shop lists them' }),
  })
  .openapi('AdminCollectionPieces')

export const adminCollectionDeletedSchema = z
  .object({
    deleted: z.string(),
    moved: z.array(z.string()).openapi({ description: 'Its sub-collections, now top-level collections' }),
  })
  .openapi('AdminCollectionDeleted')

export const adminModelSearchQuery = z.object({
  q: z.string().trim().max(100).optional().openapi({ description: 'Part of a name, an id, a SKU or a barcode' }),
})

export const adminModelSearchSchema = z
  .object({ items: z.array(adminCollectionPieceSchema) })
  .openapi('AdminCollectionModelSearch')

// Site documents: the home page and the menu.

export const SITE_DOCUMENTS = ['home', 'menu'] as const

export const adminSiteDocumentParam = z.object({
  document: z.enum(SITE_DOCUMENTS).openapi({ description: 'home (the home page’s blocks) or menu' }),
})

export const adminSiteVersionParam = adminSiteDocumentParam.extend({
  version: z.coerce.number().int().positive().openapi({ type: 'integer', description: 'A version number' }),
})

const documentBody = z.union([homeDocumentSchema, menuDocumentSchema])

export const adminSiteDocumentSchema = z
  .object({
    document: z.enum(SITE_DOCUMENTS),
    draft: documentBody.openapi({ description: 'The newest version’s body (a draft, or what is published)' }),
    draft_version: nullable(z.int()).openapi({ description: 'The newest version; null: never saved' }),
    published: documentBody.openapi({ description: 'What the shop shows (the default when nothing is published)' }),
    published_version: nullable(z.int()),
    versions: z.array(contentVersionSchema).openapi({ description: 'Newest first' }),
  })
  .openapi('AdminSiteDocument')

export const adminSiteVersionSchema = contentVersionSchema.extend({ body: documentBody }).openapi('AdminSiteVersion')

export const adminSiteSaveBody = z
  .object({
    body: z.unknown().openapi({ description: 'The whole document: HomeDocument or MenuDocument' }),
    publish: z.boolean().openapi({ description: 'true: the shop shows it at once; false: saved as a draft' }),
    note: text(200).optional(),
  })
  .openapi('AdminSiteSave')

export const adminHomePreviewBody = z
  .object({ body: z.unknown(), lang: z.enum(['th', 'en']) })
  .openapi('AdminHomePreview')

export const adminHomePreviewSchema = homePageSchema

export const adminSitePictureSchema = z
  .object({ path: z.string(), width: z.int(), height: z.int() })
  .openapi('AdminSitePictureUpload')

export const adminSiteChoicesSchema = z
  .object({
    collections: z.array(
      z.object({ slug: z.string(), parent: nullable(z.string()), name_th: z.string(), name_en: z.string() }),
    ),
    editorials: z.array(z.object({ slug: z.string(), title_th: z.string(), title_en: z.string() })),
  })
  .openapi('AdminSiteChoices')
