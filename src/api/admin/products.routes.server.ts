import { body, json, refused, toWire } from '~/api/http.server'
import {
  adminProductChoicesSchema,
  adminProductCreateBody,
  adminProductIdParam,
  adminProductListQuery,
  adminProductListSchema,
  adminProductPreviewSchema,
  adminProductSchema,
  adminProductStatusBody,
  adminProductUpdateBody,
} from '~/contract/admin-products'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission, DENIED } from './guard.server'
import type { AdminProducts, ModelInput } from './products.service'

/** The catalog is marketing's (and the manager's and owner's): reading the editor asks the same permission as changing. */
const access = requirePermission('catalog:write')

type UpdateBody = ReturnType<(typeof adminProductUpdateBody)['parse']>

function modelOf(body: UpdateBody): ModelInput {
  return {
    category: body.category,
    gender: body.gender,
    nameTh: body.name_th,
    nameEn: body.name_en,
    descriptionTh: body.description_th,
    descriptionEn: body.description_en,
    materialTh: body.material_th,
    materialEn: body.material_en,
    careTh: body.care_th,
    careEn: body.care_en,
    sizeChart: body.size_chart,
    tags: body.tags,
    collections: body.collections,
    matchWith: body.match_with,
    colours: body.colours.map((colour) => ({
      id: colour.id,
      slug: colour.slug,
      nameTh: colour.name_th,
      nameEn: colour.name_en,
      hex: colour.hex,
      variants: colour.variants.map((variant) => ({
        size: variant.size,
        sku: variant.sku,
        barcode: variant.barcode,
      })),
    })),
  }
}

const invalidInput = refused(
  'Bad input: fields name each problem (required, invalid, unknown, duplicate; a size keeps its SKU: fixed)',
)
const codeTaken = refused('Another model has a SKU, barcode or slug given (PRODUCT_CODE_TAKEN); fields name which')
const noProduct = refused('No such model')

/**
 * Products (issue 32 item 1, decision 195): models listed and searched, read, made (a draft), changed, duplicated,
 * published, scheduled, unpublished, and a preview link of the shop's page. All with `catalog:write`; each write
 * audited in its own transaction.
 */
export function createProductAdminRoutes(products: AdminProducts, now: () => Date) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/products',
          operationId: 'adminProductList',
          summary: 'Models found by name, SKU or barcode, status and category, a page at a time, last changed first',
          access,
          request: { query: adminProductListQuery },
          responses: { 200: json(adminProductListSchema, 'A page of models'), 400: refused('Bad query'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => {
      const query = c.req.valid('query')
      const page = await products.list({
        q: query.q,
        status: query.status,
        category: query.category,
        page: query.page,
        pageSize: query.page_size,
      })
      return c.json(toWire(adminProductListSchema, page), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/products/choices',
          operationId: 'adminProductChoices',
          summary: 'What a model may be given: the categories, the collections, and the tags with what each does',
          access,
          responses: { 200: json(adminProductChoicesSchema, 'The choices'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(adminProductChoicesSchema, await products.choices()), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/products',
          operationId: 'adminProductCreate',
          summary: 'A new model with its colours and sizes, a draft: the shop shows nothing of it until published',
          access,
          request: body(adminProductCreateBody),
          responses: {
            201: json(adminProductSchema, 'Created, a draft'),
            400: invalidInput,
            ...DENIED,
            409: codeTaken,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const created = await products.create(
        { ...modelOf(input), slug: input.slug, priceThb: input.price_thb, priceUsd: input.price_usd },
        auditContextOf(c),
      )
      return c.json(toWire(adminProductSchema, created), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/products/{id}',
          operationId: 'adminProductGet',
          summary: 'A model whole: its words, colours with sizes and pictures, collections, "match with", status',
          access,
          request: { params: adminProductIdParam },
          responses: {
            200: json(adminProductSchema, 'The model'),
            400: refused('Not a model id'),
            ...DENIED,
            404: noProduct,
          },
        },
        now,
      ),
    ),
    async (c) => c.json(toWire(adminProductSchema, await products.get(c.req.valid('param').id)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/products/{id}',
          operationId: 'adminProductUpdate',
          summary: 'A model changed whole; colours and sizes added, none removed; a published one shows at once',
          access,
          request: { params: adminProductIdParam, ...body(adminProductUpdateBody) },
          responses: {
            200: json(adminProductSchema, 'Changed'),
            400: invalidInput,
            ...DENIED,
            404: noProduct,
            409: codeTaken,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const updated = await products.update(c.req.valid('param').id, modelOf(c.req.valid('json')), auditContextOf(c))
      return c.json(toWire(adminProductSchema, updated), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/products/{id}/status',
          operationId: 'adminProductStatus',
          summary: 'Publish, unpublish, make a draft again, or schedule a model to publish itself at a time',
          access,
          request: { params: adminProductIdParam, ...body(adminProductStatusBody) },
          responses: {
            200: json(adminProductSchema, 'The model in its new status'),
            400: refused('Bad input: a schedule needs a future publish_at (required, past); only it takes one'),
            ...DENIED,
            404: noProduct,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { status, publish_at } = c.req.valid('json')
      const model = await products.setStatus(c.req.valid('param').id, status, publish_at, auditContextOf(c))
      return c.json(toWire(adminProductSchema, model), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/products/{id}/duplicate',
          operationId: 'adminProductDuplicate',
          summary: 'A copy of a model to start a new one: a draft with a new id and SKUs, no barcodes, no pictures',
          access,
          request: { params: adminProductIdParam },
          responses: {
            201: json(adminProductSchema, 'The copy, a draft'),
            400: refused('Not a model id'),
            ...DENIED,
            404: noProduct,
            409: codeTaken,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const copy = await products.duplicate(c.req.valid('param').id, auditContextOf(c))
      return c.json(toWire(adminProductSchema, copy), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/products/{id}/preview',
          operationId: 'adminProductPreview',
          summary: 'A link to the shop’s page of the model whatever its status, signed, for 30 minutes, never cached',
          access,
          request: { params: adminProductIdParam },
          responses: {
            200: json(adminProductPreviewSchema, 'The link and when it stops working'),
            400: refused('Not a model id'),
            ...DENIED,
            404: noProduct,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const preview = await products.preview(c.req.valid('param').id, auditContextOf(c))
      return c.json(toWire(adminProductPreviewSchema, preview), 200)
    },
  )

  return app
}
