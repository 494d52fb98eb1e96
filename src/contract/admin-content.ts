import { z } from '@hono/zod-openapi'
import { nullable } from './nullable'

/**
 * Pages in the admin API (issue 32 item 6, decision 197): the info pages and the editorials, edited in Thai and English
 * side by side, saved as drafts or published, kept as versions with restore. Rich text is structured data: blocks of
 * a closed set of kinds whose text is plain text (the shop renders it as React text, never as markup). snake_case on
 * the wire; the database's blocks are the same in camelCase.
 */

export const INFO_PAGE_KEYS = [
  'delivery',
  'privacy-policy',
  'terms-and-conditions',
  'about-us',
  'careers',
  'supplier-applications',
  'info',
] as const

export const CONTENT_STATES = ['draft', 'published'] as const
export const EDITORIAL_STATUSES = ['draft', 'published'] as const

/** Most blocks one language's body may have, most products one block may show. */
export const MAX_BLOCKS = 200
export const MAX_BLOCK_PRODUCTS = 12

const isoTime = z.string().openapi({ format: 'date-time' })
const line = (max: number) => z.string().trim().min(1).max(max)

/**
 * A picture's path as the image endpoint takes it: `media/…` (uploaded, decision 194) or a demo picture's; lower-case
 * letters, digits and `/._-`, no `..`, no leading or double slash.
 */
export const picturePath = z
  .string()
  .max(300)
  .regex(/^(?!.*\.\.)(?!.*\/\/)[a-z0-9][a-z0-9/._-]*$/, 'a picture path')
  .openapi({ example: 'media/content/7f0c7a2e-6d7e-4a8f-9f5e-2b1f3c4d5e6f.jpg' })

export const contentPictureSchema = z
  .object({
    path: picturePath,
    width: z.int().min(1).max(20_000),
    height: z.int().min(1).max(20_000),
    alt_th: line(300).openapi({ description: 'What the picture shows, in Thai (required)' }),
    alt_en: line(300).openapi({ description: 'What the picture shows, in English (required)' }),
  })
  .openapi('AdminContentPicture')

export const contentBlockSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('h2'), text: line(300) }),
    z.object({ kind: z.literal('p'), text: line(5_000) }),
    z.object({ kind: z.literal('quote'), text: line(2_000) }),
    z.object({ kind: z.literal('ul'), items: z.array(line(1_000)).min(1).max(50) }),
    z.object({ kind: z.literal('image'), image: contentPictureSchema }),
    z.object({
      kind: z.literal('products'),
      product_ids: z
        .array(z.string().min(1).max(120))
        .min(1)
        .max(MAX_BLOCK_PRODUCTS)
        .openapi({ description: 'Pieces (a model in a colour) by id; the shop shows the published ones' }),
    }),
  ])
  .openapi('AdminContentBlock', {
    description:
      'A block of rich text: a heading, a paragraph, a quote, a list, a picture or products; plain text only',
  })

const blocks = z.array(contentBlockSchema).max(MAX_BLOCKS)

export const infoPageDocumentSchema = z
  .object({
    title_th: line(200),
    title_en: line(200),
    description_th: line(500).openapi({ description: 'The page’s summary for search engines and sharing, in Thai' }),
    description_en: line(500),
    body_th: blocks,
    body_en: blocks,
  })
  .openapi('AdminInfoPageDocument', { description: 'An info page whole, in both languages' })

export const editorialDocumentSchema = z
  .object({
    title_th: line(200),
    title_en: line(200),
    excerpt_th: line(600),
    excerpt_en: line(600),
    hero_image: contentPictureSchema.openapi({ description: 'The picture at its head (and on the home page)' }),
    body_th: blocks,
    body_en: blocks,
  })
  .openapi('AdminEditorialDocument', { description: 'An editorial whole, in both languages' })

export const contentVersionSchema = z
  .object({
    version: z.int(),
    state: z.enum(CONTENT_STATES),
    restored_from: z.int().nullable().openapi({ description: 'The version this one restored, when it was a restore' }),
    note: z.string().nullable(),
    actor_type: z.string(),
    actor_label: z.string().openapi({ description: 'Who saved it (the staff’s e-mail, `seed` for the code’s text)' }),
    created_at: isoTime,
  })
  .openapi('AdminContentVersion')

const note = nullable(z.string().trim().max(300)).default(null)
const state = z.enum(CONTENT_STATES).openapi({
  description: '`draft`: kept as a version, the shop unchanged; `published`: the shop shows it from its next answer',
})

export const infoPageParam = z.object({
  slug: z.enum(INFO_PAGE_KEYS).openapi({ param: { name: 'slug', in: 'path' } }),
})
export const infoPageVersionParam = infoPageParam.extend({
  version: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .openapi({ param: { name: 'version', in: 'path' }, type: 'integer' }),
})

export const infoPageListSchema = z
  .object({
    items: z.array(
      z.object({
        slug: z.enum(INFO_PAGE_KEYS),
        title: z.string().openapi({ description: 'In the staff member’s language, as published' }),
        versions: z.int(),
        draft: z.boolean().openapi({ description: 'The newest version is a draft, not on the shop' }),
        updated_at: nullable(isoTime),
        updated_by: z.string().nullable(),
      }),
    ),
  })
  .openapi('AdminInfoPageList')

export const infoPageSchema = z
  .object({
    slug: z.enum(INFO_PAGE_KEYS),
    shop_url: z.string().openapi({ description: 'The page on the shop, in the staff member’s language' }),
    published: infoPageDocumentSchema.openapi({ description: 'What the shop shows' }),
    draft: nullable(infoPageDocumentSchema).openapi({
      description: 'The newest version when it is a draft, else null',
    }),
    versions: z.array(contentVersionSchema).openapi({ description: 'Newest first, 50 at most' }),
  })
  .openapi('AdminInfoPage')

export const infoPageVersionSchema = contentVersionSchema
  .extend({ document: infoPageDocumentSchema })
  .openapi('AdminInfoPageVersion')

export const infoPageSaveBody = z
  .object({ document: infoPageDocumentSchema, state, note })
  .openapi('AdminInfoPageSave', { description: 'A page whole, kept as a draft or published' })

export const restoreBody = z
  .object({ note })
  .openapi('AdminContentRestore', { description: 'Why (kept with the new version)' })

export const editorialSlug = z
  .string()
  .trim()
  .min(3)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words and hyphens')
  .openapi({
    description: 'The address: lower-case words (letters, digits) joined by hyphens',
    example: 'rainy-season',
  })

export const editorialParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(80)
    .openapi({ param: { name: 'slug', in: 'path' } }),
})
export const editorialVersionParam = editorialParam.extend({
  version: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .openapi({ param: { name: 'version', in: 'path' }, type: 'integer' }),
})

export const editorialListSchema = z
  .object({
    items: z.array(
      z.object({
        slug: z.string(),
        title: z.string().openapi({ description: 'In the staff member’s language' }),
        status: z.enum(EDITORIAL_STATUSES),
        published_at: isoTime,
        hero_path: z.string(),
        draft: z.boolean().openapi({ description: 'Its newest version is a draft not on the shop' }),
        versions: z.int(),
      }),
    ),
  })
  .openapi('AdminEditorialList')

export const editorialSchema = z
  .object({
    slug: z.string(),
    status: z.enum(EDITORIAL_STATUSES),
    published_at: isoTime,
    shop_url: z.string().openapi({ description: 'The editorial on the shop (a 404 while it is a draft)' }),
    live: editorialDocumentSchema.openapi({
      description: 'The editorial’s row: what the shop shows when it is published',
    }),
    draft: nullable(editorialDocumentSchema).openapi({ description: 'The newest version when it is a draft' }),
    versions: z.array(contentVersionSchema),
  })
  .openapi('AdminEditorial')

export const editorialVersionSchema = contentVersionSchema
  .extend({ document: editorialDocumentSchema })
  .openapi('AdminEditorialVersion')

export const editorialCreateBody = z
  .object({ slug: editorialSlug, document: editorialDocumentSchema, note })
  .openapi('AdminEditorialCreate', { description: 'A new editorial, made as a draft' })

export const editorialSaveBody = z
  .object({ document: editorialDocumentSchema, state, note })
  .openapi('AdminEditorialSave', { description: 'An editorial whole, kept as a draft or published' })

export const contentUploadSchema = z
  .object({ path: z.string(), width: z.int(), height: z.int() })
  .openapi('AdminContentUpload', { description: 'The kept picture: give it alt text in both languages in a block' })

export const contentProductQuery = z.object({ q: z.string().trim().max(100).optional() })

export const contentProductListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string().openapi({ description: 'A piece’s id (the model’s first colour): what a products block names' }),
        name: z.string(),
        colour: z.string(),
        status: z.string(),
        cover: z.string().nullable(),
      }),
    ),
  })
  .openapi('AdminContentProducts')
