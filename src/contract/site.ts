import { z } from '@hono/zod-openapi'
import { hasForbiddenCharacters } from '~/domain/text'
import { imageSchema, slug } from './catalog'
import { nullable } from './nullable'

/**
 * The site documents (issue 32 item 6, decision 198): the home page's blocks and the menu's editable links, edited in
 * the back office (draft, publish, versions, restore) and read whole by the shop. snake_case on the wire. Their
 * defaults (in code) are what the shop showed before they could be edited, so a shop with no saved document renders
 * exactly as it did.
 */

/** One line of text, both languages' fields: no control or invisible characters. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasForbiddenCharacters(value), 'not valid')

/**
 * A link of the shop: a relative path from its root (`/collection/linen`, `/product?tag=new`), never another host
 * (`//evil.example`, `https://…`) nor a scheme (`javascript:`).
 */
export function isShopPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false
  if (hasForbiddenCharacters(value) || /\s/.test(value)) return false
  try {
    const url = new URL(value, 'https://shop.invalid')
    return url.origin === 'https://shop.invalid'
  } catch {
    return false
  }
}

export const shopPath = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .refine(isShopPath, 'a path of the shop starting with /, no other site')
  .openapi({ description: 'A path of the shop from its root: /collection/linen; no scheme, no other host' })

/** A picture kept in the media storage (an upload's answer), with its alt text in both languages. */
export const sitePictureSchema = z
  .object({
    path: z
      .string()
      .min(1)
      .max(300)
      .regex(/^media\//, 'an uploaded picture'),
    width: z.int().positive(),
    height: z.int().positive(),
    alt_th: line(200),
    alt_en: line(200),
  })
  .openapi('SitePicture')

export const heroCustomSchema = z
  .object({
    picture: sitePictureSchema,
    title_th: line(120).pipe(z.string().min(1)),
    title_en: line(120).pipe(z.string().min(1)),
    text_th: line(400),
    text_en: line(400),
    link: shopPath,
    link_label_th: line(60).pipe(z.string().min(1)),
    link_label_en: line(60).pipe(z.string().min(1)),
  })
  .openapi('HomeHeroCustom')

export const MAX_HOME_BLOCKS = 12
export const MAX_FEATURED_COLLECTIONS = 12
export const DEFAULT_FEATURED_COLLECTIONS = 6
export const MAX_TEASERS = 6
export const MAX_NEW_ARRIVALS = 24
export const DEFAULT_NEW_ARRIVALS = 8

export const homeBlockSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('hero'),
      editorial: nullable(slug).openapi({ description: 'An editorial’s slug; null: the newest editorial' }),
      custom: nullable(heroCustomSchema).openapi({ description: 'A picture, title, text and link: wins when given' }),
    }),
    z.object({
      kind: z.literal('collections'),
      slugs: z
        .array(slug)
        .max(MAX_FEATURED_COLLECTIONS)
        .refine((slugs) => new Set(slugs).size === slugs.length, 'each once')
        .openapi({ description: 'Chosen collections in order (sub-collections too); none: the first six' }),
    }),
    z.object({
      kind: z.literal('editorials'),
      slugs: z
        .array(slug)
        .max(MAX_TEASERS)
        .refine((slugs) => new Set(slugs).size === slugs.length, 'each once')
        .openapi({ description: 'Chosen editorials in order; none: the newest `newest`' }),
      newest: z.int().min(1).max(MAX_TEASERS),
    }),
    z.object({ kind: z.literal('new_arrivals'), count: z.int().min(1).max(MAX_NEW_ARRIVALS) }),
  ])
  .openapi('HomeBlock')

export const homeDocumentSchema = z
  .object({ blocks: z.array(homeBlockSchema).max(MAX_HOME_BLOCKS) })
  .openapi('HomeDocument')

export type HomeDocument = z.infer<typeof homeDocumentSchema>
export type HomeBlock = z.infer<typeof homeBlockSchema>

/** Today's home page (before issue 32): the newest editorial, the first six collections, eight new arrivals. */
export const DEFAULT_HOME: HomeDocument = {
  blocks: [
    { kind: 'hero', editorial: null, custom: null },
    { kind: 'collections', slugs: [] },
    { kind: 'new_arrivals', count: DEFAULT_NEW_ARRIVALS },
  ],
}

export const MAX_MENU_LINKS = 8

export const menuLinkSchema = z
  .object({ path: shopPath, label_th: line(60).pipe(z.string().min(1)), label_en: line(60).pipe(z.string().min(1)) })
  .openapi('MenuLink')

export const menuDocumentSchema = z
  .object({
    links: z
      .array(menuLinkSchema)
      .max(MAX_MENU_LINKS)
      .openapi({ description: 'Featured links at the top of the menu, in order; the rest of §2’s menu follows' }),
  })
  .openapi('MenuDocument')

export type MenuDocument = z.infer<typeof menuDocumentSchema>

/** Today's menu: §2's fixed entries and no featured link. */
export const DEFAULT_MENU: MenuDocument = { links: [] }

// The shop's reads: the documents resolved in the shopper's language.

export const homeCollectionSchema = z.object({
  slug: z.string(),
  parent: nullable(z.string()).openapi({
    description: 'A sub-collection’s parent: its page is /collection/{parent}/{slug}',
  }),
  name: z.string(),
  image: imageSchema,
})

export const homePageSchema = z
  .object({
    version: nullable(z.int()).openapi({ description: 'The published version shown; null: the default document' }),
    blocks: z.array(
      z.discriminatedUnion('kind', [
        z.object({
          kind: z.literal('hero'),
          title: z.string(),
          text: z.string(),
          image: imageSchema,
          editorial: nullable(z.string()).openapi({ description: 'The editorial it leads to, or null' }),
          link: nullable(z.string()).openapi({ description: 'A custom hero’s shop path, or null' }),
          link_label: nullable(z.string()),
        }),
        z.object({ kind: z.literal('collections'), items: z.array(homeCollectionSchema) }),
        z.object({
          kind: z.literal('editorials'),
          items: z.array(z.object({ slug: z.string(), title: z.string(), excerpt: z.string(), image: imageSchema })),
        }),
        z.object({ kind: z.literal('new_arrivals'), count: z.int() }),
      ]),
    ),
  })
  .openapi('HomePage')

export const siteMenuSchema = z
  .object({ links: z.array(z.object({ path: z.string(), label: z.string() })) })
  .openapi('SiteMenu')
