import { z } from '@hono/zod-openapi'
import { body, json, refused, toWire } from '~/api/http.server'
import {
  adminPictureColourSchema,
  adminPictureEditBody,
  adminPictureModelParam,
  adminPictureModelSchema,
  adminPictureOrderBody,
  adminPictureParam,
  adminPictureProductParam,
  adminPictureSearchQuery,
  adminPictureSearchSchema,
} from '~/contract/admin-pictures'
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
import { pictureRefusal, type AdminPictures } from './pictures.service'

const binary = z.string().openapi({ type: 'string', format: 'binary' })
/**
 * Product pictures (issue 32 item 2, decision 194): read and changed with `catalog:write` (the roles that work on the
 * catalog's words and pictures), each change audited in its own transaction and on the shop at its next answer.
 */
export function createPictureAdminRoutes(pictures: AdminPictures, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/pictures/products',
          operationId: 'adminPictureSearch',
          summary: 'Models found by name, SKU or barcode (25 at most), with how many pictures their colours have',
          access: requirePermission('catalog:write'),
          request: { query: adminPictureSearchQuery },
          responses: { 200: json(adminPictureSearchSchema, 'The models found'), 400: refused('Bad query'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => {
      const found = await pictures.search(c.req.valid('query').q, actorOf(c).language)
      return c.json(toWire(adminPictureSearchSchema, found), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/pictures/products/{id}',
          operationId: 'adminPictureModel',
          summary: 'A model’s colours, each with its pictures in the order the shop shows them',
          access: requirePermission('catalog:write'),
          request: { params: adminPictureModelParam },
          responses: {
            200: json(adminPictureModelSchema, 'The colours and their pictures'),
            400: refused('Not an id'),
            ...DENIED,
            404: refused('No such product'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const model = await pictures.model(c.req.valid('param').id, actorOf(c).language)
      return c.json(toWire(adminPictureModelSchema, model), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/products/{id}/pictures',
          operationId: 'adminPictureUpload',
          summary: 'Add a picture to a colour: checked by its content, turned upright, kept without metadata',
          description:
            'The body is the picture itself (whatever its Content-Type says: its content decides). JPEG, PNG, WebP or AVIF, 15 MB and 40 megapixels at most, 12 pictures a colour. ' +
            'It is turned upright by its EXIF orientation and kept with no metadata (no GPS position, no camera), ' +
            'added after the colour’s other pictures with its alt text made of the model’s name and colour.',
          access: requirePermission('catalog:write'),
          request: {
            params: adminPictureProductParam,
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
            201: json(adminPictureColourSchema, 'Added: the colour with its pictures'),
            400: refused('Not an id'),
            ...DENIED,
            404: refused('No such product'),
            409: refused('The colour has 12 pictures already (PICTURE_REFUSED, fields.picture tooMany)'),
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
      // A declared body over the limit is refused before it is read.
      if (declared > PICTURE_MAX_BYTES) throw pictureRefusal('tooLarge')
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      const colour = await pictures.upload(c.req.valid('param').id, bytes, auditContextOf(c))
      return c.json(toWire(adminPictureColourSchema, colour), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/products/{id}/pictures/order',
          operationId: 'adminPictureOrder',
          summary: 'Put a colour’s pictures in a new order: the first is the one the shop leads with',
          access: requirePermission('catalog:write'),
          request: { params: adminPictureProductParam, ...body(adminPictureOrderBody) },
          responses: {
            200: json(adminPictureColourSchema, 'The colour with its pictures in the new order'),
            400: refused('Not every picture of the colour once (fields.pictures not_a_permutation)'),
            ...DENIED,
            404: refused('No such product'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const colour = await pictures.reorder(c.req.valid('param').id, c.req.valid('json').pictures, auditContextOf(c))
      return c.json(toWire(adminPictureColourSchema, colour), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'patch',
          path: '/products/{id}/pictures/{picture}',
          operationId: 'adminPictureEdit',
          summary: 'Change a picture’s alt text (Thai, English) or focal point; what is not given stays',
          access: requirePermission('catalog:write'),
          request: { params: adminPictureParam, ...body(adminPictureEditBody) },
          responses: {
            200: json(adminPictureColourSchema, 'The colour with the picture changed'),
            400: refused('An alt text too long or with characters not allowed, a focal point outside 0..1'),
            ...DENIED,
            404: refused('No such product or picture'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { id, picture } = c.req.valid('param')
      const edit = c.req.valid('json')
      const colour = await pictures.edit(
        id,
        picture,
        { altTh: edit.alt_th, altEn: edit.alt_en, focal: edit.focal },
        auditContextOf(c),
      )
      return c.json(toWire(adminPictureColourSchema, colour), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'delete',
          path: '/products/{id}/pictures/{picture}',
          operationId: 'adminPictureDelete',
          summary: 'Take a picture off its colour; its kept file is deleted once that is done',
          access: requirePermission('catalog:write'),
          request: { params: adminPictureParam },
          responses: {
            200: json(adminPictureColourSchema, 'The colour without the picture'),
            400: refused('Not an id'),
            ...DENIED,
            404: refused('No such product or picture'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { id, picture } = c.req.valid('param')
      const colour = await pictures.remove(id, picture, auditContextOf(c))
      return c.json(toWire(adminPictureColourSchema, colour), 200)
    },
  )

  return app
}
