import { z } from '@hono/zod-openapi'
import { body, json, refused } from '~/api/http.server'
import {
  adminCollectionCreateBody,
  adminCollectionDeletedSchema,
  adminCollectionEditBody,
  adminCollectionMoveBody,
  adminCollectionPiecesBody,
  adminCollectionSchema,
  adminCollectionSlugParam,
  adminCollectionTreeSchema,
  adminCollectionVersionParam,
  adminModelSearchQuery,
  adminModelSearchSchema,
} from '~/contract/admin-site'
import { PICTURE_MAX_BYTES } from '~/domain/pictures'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission, DENIED } from './guard.server'
import type { AdminCollections } from './collections.service'
import { pictureRefusal } from './pictures.service'

/** Collections are the catalog's: read and changed with `catalog:write`. */
const access = requirePermission('catalog:write')

const binary = z.string().openapi({ type: 'string', format: 'binary' })

/**
 * Collections and their sub-collections (issue 32 item 6, decision 198): the tree, one collection with its pieces,
 * create, edit (words, parent, alt text), move among siblings, the pieces in order, the picture, delete. Each change
 * audited in its own transaction and on the shop at its next answer.
 */
export function createCollectionAdminRoutes(collections: AdminCollections, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/collections',
          operationId: 'adminCollectionTree',
          summary: 'Every collection as a tree: the top-level ones in order, each with its sub-collections',
          access,
          responses: { 200: json(adminCollectionTreeSchema, 'The collections'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(await collections.tree(), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/collection-models',
          operationId: 'adminCollectionModels',
          summary: 'Models to put in a collection, found by name, id, SKU or barcode (25 at most)',
          access,
          request: { query: adminModelSearchQuery },
          responses: { 200: json(adminModelSearchSchema, 'The models found'), 400: refused('Bad query'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(await collections.findModels(c.req.valid('query').q), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/collections',
          operationId: 'adminCollectionCreate',
          summary: 'A new collection (or sub-collection), last among its siblings, with no pieces and no picture yet',
          access,
          request: body(adminCollectionCreateBody),
          responses: {
            201: json(adminCollectionSchema, 'Created'),
            400: refused('Bad input: fields name each problem (slug: lower-case words and hyphens; parent unknown)'),
            ...DENIED,
            409: refused('The slug is taken (SLUG_TAKEN), or the parent is a sub-collection (COLLECTION_TOO_DEEP)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const created = await collections.create(
        {
          slug: input.slug,
          parent: input.parent ?? null,
          nameTh: input.name_th,
          nameEn: input.name_en,
          descriptionTh: input.description_th,
          descriptionEn: input.description_en,
        },
        auditContextOf(c),
      )
      return c.json(created, 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/collections/{slug}',
          operationId: 'adminCollection',
          summary: 'One collection with its sub-collections and its pieces in order',
          access,
          request: { params: adminCollectionSlugParam },
          responses: {
            200: json(adminCollectionSchema, 'The collection'),
            400: refused('Not a slug'),
            ...DENIED,
            404: refused('No such collection'),
          },
        },
        now,
      ),
    ),
    async (c) => c.json(await collections.view(c.req.valid('param').slug), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'patch',
          path: '/collections/{slug}',
          operationId: 'adminCollectionEdit',
          summary: 'Change a collection’s names, descriptions, picture’s alt text or parent; what is not given stays',
          description:
            'A new parent puts the collection last among its new siblings. A collection is one level deep at most: ' +
            'the parent must be a top-level collection, and a collection with sub-collections cannot get a parent.',
          access,
          request: { params: adminCollectionSlugParam, ...body(adminCollectionEditBody) },
          responses: {
            200: json(adminCollectionSchema, 'The collection changed'),
            400: refused('Bad input: fields name each problem (parent unknown)'),
            ...DENIED,
            404: refused('No such collection'),
            409: refused('The parent would make a loop (COLLECTION_CYCLE) or a third level (COLLECTION_TOO_DEEP)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const edit = c.req.valid('json')
      const changed = await collections.edit(
        c.req.valid('param').slug,
        {
          parent: edit.parent,
          nameTh: edit.name_th,
          nameEn: edit.name_en,
          descriptionTh: edit.description_th,
          descriptionEn: edit.description_en,
          altTh: edit.alt_th,
          altEn: edit.alt_en,
        },
        auditContextOf(c),
      )
      return c.json(changed, 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/collections/{slug}/move',
          operationId: 'adminCollectionMove',
          summary: 'Move a collection before (up) or after (down) its neighbour among its siblings',
          access,
          request: { params: adminCollectionSlugParam, ...body(adminCollectionMoveBody) },
          responses: {
            200: json(adminCollectionTreeSchema, 'The collections in their new order'),
            400: refused('Not up or down'),
            ...DENIED,
            404: refused('No such collection'),
          },
        },
        now,
      ),
    ),
    async (c) =>
      c.json(await collections.move(c.req.valid('param').slug, c.req.valid('json').direction, auditContextOf(c)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/collections/{slug}/pieces',
          operationId: 'adminCollectionPieces',
          summary: 'Set a collection’s pieces, whole, in the order the shop lists them',
          access,
          request: { params: adminCollectionSlugParam, ...body(adminCollectionPiecesBody) },
          responses: {
            200: json(adminCollectionSchema, 'The collection with its pieces'),
            400: refused('A piece twice, or no such model (fields.pieces.N unknown)'),
            ...DENIED,
            404: refused('No such collection'),
          },
        },
        now,
      ),
    ),
    async (c) =>
      c.json(
        await collections.setPieces(c.req.valid('param').slug, c.req.valid('json').pieces, auditContextOf(c)),
        200,
      ),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/collections/{slug}/picture',
          operationId: 'adminCollectionPicture',
          summary: 'Replace a collection’s picture: checked by its content, turned upright, kept without metadata',
          description:
            'The body is the picture itself: JPEG, PNG, WebP or AVIF, 15 MB and 40 megapixels at most (the product pictures’ check). Its alt text stays.',
          access,
          request: {
            params: adminCollectionSlugParam,
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
            200: json(adminCollectionSchema, 'The collection with its new picture'),
            400: refused('Not a slug'),
            ...DENIED,
            404: refused('No such collection'),
            413: refused('Larger than 15 MB (PICTURE_REFUSED, fields.picture tooLarge)'),
            415: refused('Not a JPEG, PNG, WebP or AVIF picture (PICTURE_REFUSED, fields.picture notImage)'),
            422: refused('More than 40 megapixels (PICTURE_REFUSED, fields.picture tooManyPixels)'),
            503: refused('No media storage is set up (NO_MEDIA_STORAGE)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      if (Number(c.req.header('content-length') ?? 0) > PICTURE_MAX_BYTES) throw pictureRefusal('tooLarge')
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      return c.json(await collections.picture(c.req.valid('param').slug, bytes, auditContextOf(c)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/collections/{slug}',
          operationId: 'adminCollectionDelete',
          summary: 'Delete a collection; its sub-collections become top-level collections, its pieces stay in the shop',
          access,
          request: { params: adminCollectionSlugParam },
          responses: {
            200: json(adminCollectionDeletedSchema, 'Deleted, with the sub-collections moved to the top'),
            400: refused('Not a slug'),
            ...DENIED,
            404: refused('No such collection'),
          },
        },
        now,
      ),
    ),
    async (c) => c.json(await collections.remove(c.req.valid('param').slug, auditContextOf(c)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/collections/{slug}/versions/{version}/restore',
          operationId: 'adminCollectionRestore',
          summary:
            'Make an earlier version’s words and pieces the newest version; the picture and the place in the tree stay',
          access,
          request: { params: adminCollectionVersionParam },
          responses: {
            200: json(adminCollectionSchema, 'Restored: the collection with its new newest version'),
            400: refused('Not a slug or a version number'),
            ...DENIED,
            404: refused('No such collection or version'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { slug, version } = c.req.valid('param')
      return c.json(await collections.restore(slug, version, auditContextOf(c)), 200)
    },
  )

  return app
}
