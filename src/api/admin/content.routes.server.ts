import { z } from '@hono/zod-openapi'
import { body, json, refused, toWire } from '~/api/http.server'
import {
  contentProductListSchema,
  contentProductQuery,
  contentUploadSchema,
  editorialCreateBody,
  editorialListSchema,
  editorialParam,
  editorialSaveBody,
  editorialSchema,
  editorialVersionParam,
  editorialVersionSchema,
  infoPageListSchema,
  infoPageParam,
  infoPageSaveBody,
  infoPageSchema,
  infoPageVersionParam,
  infoPageVersionSchema,
  restoreBody,
} from '~/contract/admin-content'
import { PICTURE_MAX_BYTES } from '~/domain/pictures'
import {
  actorOf,
  adminRoute,
  auditContextOf,
  createAdminSubApp,
  createRoute,
  requirePermission,
  DENIED,
} from './guard.server'
import { editorialOf, infoPageOf, type AdminContent } from './content.service'
import { pictureRefusal } from './pictures.service'

/** Pages are marketing's (and the manager's and owner's): reading them asks the same permission as changing. */
const access = requirePermission('content:write')
const binary = z.string().openapi({ type: 'string', format: 'binary' })
const badInput = refused(
  'Bad input: fields name each problem (`body_th.2.text` required, `body_en.0.product_ids` unknown_product …)',
)

/**
 * Pages (issue 32 item 6, decision 197): the info pages and the editorials, read and changed with `content:write`;
 * every save adds a version and an audit entry in the transaction of its change, and the shop shows a publish on its
 * next answer (the catalog_changed trigger on content_pages and editorials).
 */
export function createContentAdminRoutes(content: AdminContent, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/content/pages',
          operationId: 'adminInfoPageList',
          summary: 'The info pages (delivery, privacy, terms, about, careers, suppliers, info) with their versions',
          access,
          responses: { 200: json(infoPageListSchema, 'Every info page'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(infoPageListSchema, await content.listPages(actorOf(c).language)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/content/pages/{slug}',
          operationId: 'adminInfoPageGet',
          summary: 'An info page as published, its newest draft if any, and its versions',
          access,
          request: { params: infoPageParam },
          responses: {
            200: json(infoPageSchema, 'The page'),
            400: refused('Not an info page'),
            ...DENIED,
            404: refused('No such page'),
          },
        },
        now,
      ),
    ),
    async (c) =>
      c.json(toWire(infoPageSchema, await content.page(c.req.valid('param').slug, actorOf(c).language)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/content/pages/{slug}',
          operationId: 'adminInfoPageSave',
          summary: 'An info page saved whole: as a draft (the shop unchanged) or published (the shop’s next answer)',
          access,
          request: { params: infoPageParam, ...body(infoPageSaveBody) },
          responses: {
            200: json(infoPageSchema, 'Saved as the newest version'),
            400: badInput,
            ...DENIED,
            404: refused('No such page'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { document, state, note } = c.req.valid('json')
      const page = await content.savePage(
        c.req.valid('param').slug,
        infoPageOf(document),
        state,
        note,
        auditContextOf(c),
      )
      return c.json(toWire(infoPageSchema, page), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/content/pages/{slug}/versions/{version}',
          operationId: 'adminInfoPageVersion',
          summary: 'One version of an info page, whole: to preview or compare it before restoring it',
          access,
          request: { params: infoPageVersionParam },
          responses: {
            200: json(infoPageVersionSchema, 'The version'),
            400: refused('Not an info page or a version number'),
            ...DENIED,
            404: refused('No such version'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { slug, version } = c.req.valid('param')
      return c.json(toWire(infoPageVersionSchema, await content.pageVersion(slug, version)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/content/pages/{slug}/versions/{version}/restore',
          operationId: 'adminInfoPageRestore',
          summary: 'Publish an earlier version again: it is added as the newest version, the older ones kept',
          access,
          request: { params: infoPageVersionParam, ...body(restoreBody) },
          responses: {
            200: json(infoPageSchema, 'Restored and published'),
            400: refused('Not an info page or a version number'),
            ...DENIED,
            404: refused('No such version'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { slug, version } = c.req.valid('param')
      const page = await content.restorePage(slug, version, c.req.valid('json').note, auditContextOf(c))
      return c.json(toWire(infoPageSchema, page), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/content/editorials',
          operationId: 'adminEditorialList',
          summary: 'The editorials, drafts and published, newest first',
          access,
          responses: { 200: json(editorialListSchema, 'Every editorial'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(editorialListSchema, await content.listEditorials(actorOf(c).language)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/content/editorials',
          operationId: 'adminEditorialCreate',
          summary: 'A new editorial, as a draft: shoppers see nothing of it until it is published',
          access,
          request: body(editorialCreateBody),
          responses: {
            201: json(editorialSchema, 'Created as a draft'),
            400: badInput,
            ...DENIED,
            409: refused('Another editorial has this slug (SLUG_TAKEN)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { slug, document, note } = c.req.valid('json')
      const created = await content.createEditorial(slug, editorialOf(document), note, auditContextOf(c))
      return c.json(toWire(editorialSchema, created), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/content/editorials/{slug}',
          operationId: 'adminEditorialGet',
          summary: 'An editorial: its status, its text as the shop has it, its newest draft if any, its versions',
          access,
          request: { params: editorialParam },
          responses: {
            200: json(editorialSchema, 'The editorial'),
            400: refused('Not a slug'),
            ...DENIED,
            404: refused('No such editorial'),
          },
        },
        now,
      ),
    ),
    async (c) =>
      c.json(toWire(editorialSchema, await content.editorial(c.req.valid('param').slug, actorOf(c).language)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/content/editorials/{slug}',
          operationId: 'adminEditorialSave',
          summary: 'An editorial saved whole: as a draft (a published one stays as it is on the shop) or published',
          access,
          request: { params: editorialParam, ...body(editorialSaveBody) },
          responses: {
            200: json(editorialSchema, 'Saved as the newest version'),
            400: badInput,
            ...DENIED,
            404: refused('No such editorial'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { document, state, note } = c.req.valid('json')
      const saved = await content.saveEditorial(
        c.req.valid('param').slug,
        editorialOf(document),
        state,
        note,
        auditContextOf(c),
      )
      return c.json(toWire(editorialSchema, saved), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/content/editorials/{slug}',
          operationId: 'adminEditorialDelete',
          summary: 'Delete a draft editorial (a published one is unpublished first); its versions stay in the history',
          access,
          request: { params: editorialParam },
          responses: {
            204: { description: 'Deleted' },
            400: refused('Not a slug'),
            ...DENIED,
            404: refused('No such editorial'),
            409: refused('The editorial is published (CONTENT_PUBLISHED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      await content.deleteEditorial(c.req.valid('param').slug, auditContextOf(c))
      return c.body(null, 204)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/content/editorials/{slug}/unpublish',
          operationId: 'adminEditorialUnpublish',
          summary: 'Take an editorial off the shop: its page a 404, off the list, the home page and the sitemap',
          access,
          request: { params: editorialParam },
          responses: {
            200: json(editorialSchema, 'Now a draft (or a draft already)'),
            400: refused('Not a slug'),
            ...DENIED,
            404: refused('No such editorial'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const editorial = await content.unpublishEditorial(c.req.valid('param').slug, auditContextOf(c))
      return c.json(toWire(editorialSchema, editorial), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/content/editorials/{slug}/versions/{version}',
          operationId: 'adminEditorialVersion',
          summary: 'One version of an editorial, whole: to preview it before restoring it',
          access,
          request: { params: editorialVersionParam },
          responses: {
            200: json(editorialVersionSchema, 'The version'),
            400: refused('Not a slug or a version number'),
            ...DENIED,
            404: refused('No such version'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { slug, version } = c.req.valid('param')
      return c.json(toWire(editorialVersionSchema, await content.editorialVersion(slug, version)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/content/editorials/{slug}/versions/{version}/restore',
          operationId: 'adminEditorialRestore',
          summary: 'Publish an earlier version of an editorial again, added as the newest version',
          access,
          request: { params: editorialVersionParam, ...body(restoreBody) },
          responses: {
            200: json(editorialSchema, 'Restored and published'),
            400: refused('Not a slug or a version number; a product it names is gone'),
            ...DENIED,
            404: refused('No such version'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { slug, version } = c.req.valid('param')
      const saved = await content.restoreEditorial(slug, version, c.req.valid('json').note, auditContextOf(c))
      return c.json(toWire(editorialSchema, saved), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/content/pictures',
          operationId: 'adminContentPictureUpload',
          summary: 'Keep a picture for a page: checked by its content, turned upright, kept without metadata',
          description:
            'The body is the picture itself: JPEG, PNG, WebP or AVIF, 15 MB and 40 megapixels at most, checked and ' +
            'cleaned as product pictures are (decision 194). The answer is its path and size: a block or an ' +
            'editorial’s hero takes it with alt text in both languages.',
          access,
          request: {
            body: {
              required: true,
              content: {
                'image/jpeg': { schema: binary },
                'image/png': { schema: binary },
                'image/webp': { schema: binary },
                'image/avif': { schema: binary },
                'application/octet-stream': { schema: binary },
              },
            },
          },
          responses: {
            201: json(contentUploadSchema, 'Kept'),
            ...DENIED,
            404: refused('No media storage configured'),
            413: refused('Larger than 15 MB (PICTURE_REFUSED, fields.picture tooLarge)'),
            415: refused('Not a JPEG, PNG, WebP or AVIF picture (PICTURE_REFUSED, fields.picture notImage)'),
            422: refused('More than 40 megapixels (PICTURE_REFUSED, fields.picture tooManyPixels)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const declared = Number(c.req.header('content-length') ?? 0)
      if (declared > PICTURE_MAX_BYTES) throw pictureRefusal('tooLarge')
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      const kept = await content.upload(bytes, auditContextOf(c))
      return c.json(toWire(contentUploadSchema, kept), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/content/products',
          operationId: 'adminContentProducts',
          summary: 'Pieces for a products block: every colour of the models found by name, id, SKU or barcode',
          access,
          request: { query: contentProductQuery },
          responses: { 200: json(contentProductListSchema, 'The pieces found'), 400: refused('Bad query'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => {
      const found = await content.products(c.req.valid('query').q, actorOf(c).language)
      return c.json(toWire(contentProductListSchema, found), 200)
    },
  )

  return app
}
