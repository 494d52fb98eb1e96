import { z } from '@hono/zod-openapi'
import { body, json, refused } from '~/api/http.server'
import {
  adminHomePreviewBody,
  adminHomePreviewSchema,
  adminSiteChoicesSchema,
  adminSiteDocumentParam,
  adminSiteDocumentSchema,
  adminSitePictureSchema,
  adminSiteSaveBody,
  adminSiteVersionParam,
  adminSiteVersionSchema,
} from '~/contract/admin-site'
import { PICTURE_MAX_BYTES } from '~/domain/pictures'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission, DENIED } from './guard.server'
import { pictureRefusal } from './pictures.service'
import type { AdminSite } from './site.service'

/** The home page and the menu are content: read and changed with `content:write`. */
const access = requirePermission('content:write')

const binary = z.string().openapi({ type: 'string', format: 'binary' })

/**
 * The home page's blocks and the menu's featured links (issue 32 item 6, decision 198): each a document with its
 * versions; saved as a draft or published, an old version restored. Each change audited in its own transaction.
 */
export function createSiteAdminRoutes(site: AdminSite, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/site/choices',
          operationId: 'adminSiteChoices',
          summary: 'The collections and editorials the home page’s blocks may name',
          access,
          responses: { 200: json(adminSiteChoicesSchema, 'The choices'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(await site.choices(), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/site/{document}',
          operationId: 'adminSiteDocument',
          summary: 'A site document (home or menu): its newest version, what the shop shows, and its versions',
          access,
          request: { params: adminSiteDocumentParam },
          responses: {
            200: json(adminSiteDocumentSchema, 'The document'),
            400: refused('Not home or menu'),
            ...DENIED,
          },
        },
        now,
      ),
    ),
    async (c) => c.json(await site.get(c.req.valid('param').document), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/site/{document}',
          operationId: 'adminSiteSave',
          summary: 'Save a site document whole as its next version: a draft, or published to the shop at once',
          access,
          request: { params: adminSiteDocumentParam, ...body(adminSiteSaveBody) },
          responses: {
            200: json(adminSiteDocumentSchema, 'Saved'),
            400: refused('Bad input: fields name each problem (body.links.0.path: a path of the shop, no other site)'),
            ...DENIED,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const saved = await site.save(
        c.req.valid('param').document,
        input.body,
        input.publish,
        input.note,
        auditContextOf(c),
      )
      return c.json(saved, 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/site/{document}/versions/{version}',
          operationId: 'adminSiteVersion',
          summary: 'One version of a site document, with its body',
          access,
          request: { params: adminSiteVersionParam },
          responses: {
            200: json(adminSiteVersionSchema, 'The version'),
            400: refused('Not home or menu, or not a version number'),
            ...DENIED,
            404: refused('No such version'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { document, version } = c.req.valid('param')
      return c.json(await site.version(document, version), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/site/{document}/versions/{version}/restore',
          operationId: 'adminSiteRestore',
          summary: 'Restore an old version: its body is added again as the newest version and published',
          access,
          request: { params: adminSiteVersionParam },
          responses: {
            200: json(adminSiteDocumentSchema, 'Restored and published'),
            400: refused('Not home or menu, or not a version number'),
            ...DENIED,
            404: refused('No such version'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { document, version } = c.req.valid('param')
      return c.json(await site.restore(document, version, auditContextOf(c)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/site/home/preview',
          operationId: 'adminHomePreview',
          summary: 'A home page document as the shop would show it, in one language (nothing is saved)',
          access,
          request: body(adminHomePreviewBody),
          responses: {
            200: json(adminHomePreviewSchema, 'The blocks resolved'),
            400: refused('Bad input: fields name each problem'),
            ...DENIED,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      return c.json(await site.preview(input.body, input.lang), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/site/pictures',
          operationId: 'adminSitePictureUpload',
          summary: 'Keep a picture for a custom hero: checked by its content, turned upright, kept without metadata',
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
            201: json(adminSitePictureSchema, 'Kept: its path and size, for a hero block'),
            ...DENIED,
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
      return c.json(await site.upload(bytes, auditContextOf(c)), 201)
    },
  )

  return app
}
