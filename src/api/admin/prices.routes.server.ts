import { body, json, refused } from '~/api/http.server'
import {
  adminBulkPriceBody,
  adminBulkPriceSchema,
  adminPriceFamilySchema,
  adminPricedPageSchema,
  adminPricedProductSchema,
  adminPriceProductParam,
  adminPriceScheduleBody,
  adminPriceScheduleListSchema,
  adminPriceScheduleParam,
  adminPriceScheduleSchema,
  adminPriceSchedulesQuery,
  adminPriceSetBody,
  adminPricesQuery,
} from '~/contract/admin-prices'
import type { z } from '@hono/zod-openapi'
import type { BulkChange, PriceSet } from '~/domain/prices'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission, DENIED } from './guard.server'
import type { PriceBook, PricedProduct, PricePreviewRow, ScheduleInput, ScheduleView } from './prices.service'

type Wire<S extends z.ZodType> = z.output<S>

function productWire(product: PricedProduct): Wire<typeof adminPricedProductSchema> {
  return {
    id: product.id,
    family_id: product.familyId,
    name: { th: product.nameTh, en: product.nameEn },
    colour: { th: product.colorNameTh, en: product.colorNameEn },
    category: product.categorySlug,
    tags: product.tags,
    ...pricesWire(product),
  }
}

function pricesWire(prices: PriceSet) {
  return {
    price_thb: prices.priceThb,
    price_usd: prices.priceUsd,
    compare_at_thb: prices.compareAtThb,
    compare_at_usd: prices.compareAtUsd,
  }
}

function scheduleFieldsWire(row: Omit<ScheduleView, 'lines'>) {
  return {
    id: row.id,
    name: row.name,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status as Wire<typeof adminPriceScheduleSchema>['status'],
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    activated_at: row.activatedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
  }
}

function scheduleWire(view: ScheduleView): Wire<typeof adminPriceScheduleSchema> {
  return {
    ...scheduleFieldsWire(view),
    lines: view.lines.map((line) => ({
      product: productWire(line.product),
      sale_thb: line.saleThb,
      sale_usd: line.saleUsd,
      regular_thb: line.regularThb,
      regular_usd: line.regularUsd,
    })),
  }
}

function bulkWire(rows: PricePreviewRow[], applied: boolean): Wire<typeof adminBulkPriceSchema> {
  return {
    applied,
    rows: rows.map((row) => ({
      product: productWire(row.product),
      after: pricesWire(row.after),
      problem: row.problem,
    })),
  }
}

function scheduleInput(input: Wire<typeof adminPriceScheduleBody>): ScheduleInput {
  return {
    name: input.name,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    lines: input.lines.map((line) => ({ productId: line.product_id, saleThb: line.sale_thb, saleUsd: line.sale_usd })),
  }
}

function changeOf(change: Wire<typeof adminBulkPriceBody>['change']): BulkChange {
  return change.kind === 'percent_off'
    ? { kind: 'percent_off', percent: change.percent, strikeThrough: change.strike_through }
    : { kind: 'fixed', priceThb: change.price_thb, priceUsd: change.price_usd, strikeThrough: change.strike_through }
}

/**
 * Prices (issue 32 item 4, decision 192): the colours with their prices, a model's colours, a colour's prices set,
 * bulk changes by filter and sales planned ahead. `prices:write` for all of it (owner, manager, marketing); reading
 * asks it too, since only those who price see the screens.
 */
export function createPriceAdminRoutes(book: PriceBook, now: () => Date) {
  const app = createAdminSubApp()
  const access = requirePermission('prices:write')

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/prices/products',
          operationId: 'adminPriceList',
          summary: 'The colours with their prices, by model, 25 a page, of a category, collection, tag or words',
          access,
          request: { query: adminPricesQuery },
          responses: { 200: json(adminPricedPageSchema, 'A page of colours'), 400: refused('Bad filter'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => {
      const { page, ...filter } = c.req.valid('query')
      const found = await book.list(filter, page)
      return c.json({ items: found.items.map(productWire), total: found.total, page, page_size: 25 }, 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/products/{id}/prices',
          operationId: 'adminPriceFamily',
          summary: 'A model’s colours with their prices (any colour’s id names the model)',
          access,
          request: { params: adminPriceProductParam },
          responses: {
            200: json(adminPriceFamilySchema, 'The model’s colours'),
            400: refused('Not a product id'),
            ...DENIED,
            404: refused('No such product'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const colours = await book.family(c.req.valid('param').id)
      return c.json({ family_id: colours[0]?.familyId ?? '', colours: colours.map(productWire) }, 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/products/{id}/prices',
          operationId: 'adminPriceSet',
          summary:
            'A colour’s prices in THB and USD and its old prices (struck through), shown on the shop’s next answer',
          access,
          request: { params: adminPriceProductParam, ...body(adminPriceSetBody) },
          responses: {
            200: json(adminPricedProductSchema, 'Saved'),
            400: refused('A price not positive or too large, an old price not above the price (fields)'),
            ...DENIED,
            404: refused('No such product'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const saved = await book.setPrices(
        c.req.valid('param').id,
        {
          priceThb: input.price_thb,
          priceUsd: input.price_usd,
          compareAtThb: input.compare_at_thb,
          compareAtUsd: input.compare_at_usd,
        },
        auditContextOf(c),
      )
      return c.json(productWire(saved), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/prices/bulk',
          operationId: 'adminPriceBulk',
          summary:
            'A percentage off or a fixed price for the colours of a filter: a dry run lists each with its old and new ' +
            'prices; the apply changes all of them or none',
          access,
          request: body(adminBulkPriceBody),
          responses: {
            200: json(adminBulkPriceSchema, 'The preview, or the change applied'),
            400: refused('Bad input, no product matched, too many, or a row with a problem (fields["rows.{id}"])'),
            ...DENIED,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const input = c.req.valid('json')
      const change = changeOf(input.change)
      if (!input.apply) return c.json(bulkWire(await book.preview(input.filter, change), false), 200)
      return c.json(bulkWire(await book.applyBulk(input.filter, change, auditContextOf(c)), true), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/price-schedules',
          operationId: 'adminPriceScheduleList',
          summary: 'The sales planned ahead, running and past, latest start first',
          access,
          request: { query: adminPriceSchedulesQuery },
          responses: { 200: json(adminPriceScheduleListSchema, 'The sales'), 400: refused('Bad filter'), ...DENIED },
        },
        now,
      ),
    ),
    async (c) => {
      const rows = await book.schedules(c.req.valid('query').status)
      return c.json({ items: rows.map((row) => ({ ...scheduleFieldsWire(row), products: row.products })) }, 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/price-schedules',
          operationId: 'adminPriceScheduleCreate',
          summary:
            'A sale planned: its name, start and end, and each colour’s sale price; it switches on and off itself',
          access,
          request: body(adminPriceScheduleBody),
          responses: {
            201: json(adminPriceScheduleSchema, 'Planned'),
            400: refused('Bad dates, a sale price not below the price, an unknown or repeated product (fields)'),
            ...DENIED,
            409: refused('A sale of the same product overlaps (SCHEDULE_OVERLAP, fields per product)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const view = await book.createSchedule(scheduleInput(c.req.valid('json')), auditContextOf(c))
      return c.json(scheduleWire(view), 201)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/price-schedules/{id}',
          operationId: 'adminPriceScheduleGet',
          summary: 'A sale with its colours, their sale prices and (once switched on) the prices before',
          access,
          request: { params: adminPriceScheduleParam },
          responses: {
            200: json(adminPriceScheduleSchema, 'The sale'),
            400: refused('Not a sale id'),
            ...DENIED,
            404: refused('No such sale'),
          },
        },
        now,
      ),
    ),
    async (c) => c.json(scheduleWire(await book.schedule(c.req.valid('param').id)), 200),
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'put',
          path: '/price-schedules/{id}',
          operationId: 'adminPriceScheduleUpdate',
          summary: 'A planned sale changed whole: name, dates and colours',
          access,
          request: { params: adminPriceScheduleParam, ...body(adminPriceScheduleBody) },
          responses: {
            200: json(adminPriceScheduleSchema, 'Changed'),
            400: refused('Bad dates, a sale price not below the price, an unknown or repeated product (fields)'),
            ...DENIED,
            404: refused('No such sale'),
            409: refused('Switched on or ended already (NOT_ALLOWED), or an overlap (SCHEDULE_OVERLAP)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const view = await book.updateSchedule(
        c.req.valid('param').id,
        scheduleInput(c.req.valid('json')),
        auditContextOf(c),
      )
      return c.json(scheduleWire(view), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'post',
          path: '/price-schedules/{id}/cancel',
          operationId: 'adminPriceScheduleCancel',
          summary: 'A sale called off: a planned one never switches on, a running one switches off at once',
          access,
          request: { params: adminPriceScheduleParam },
          responses: {
            200: json(adminPriceScheduleSchema, 'Cancelled'),
            ...DENIED,
            404: refused('No such sale'),
            409: refused('Ended or cancelled already (NOT_ALLOWED)'),
          },
        },
        now,
      ),
    ),
    async (c) => {
      const view = await book.cancelSchedule(c.req.valid('param').id, auditContextOf(c))
      return c.json(scheduleWire(view), 200)
    },
  )

  return app
}
