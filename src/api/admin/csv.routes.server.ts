import { z } from '@hono/zod-openapi'
import { json, refused, toWire } from '~/api/http.server'
import {
  adminCsvAppliedSchema,
  adminCsvDryRunSchema,
  adminCsvOrdersQuery,
  adminCsvUploadQuery,
} from '~/contract/admin-csv'
import { CSV_MAX_BYTES, CSV_REPORT_SHOWN, csvFileName, problemMessage, type CsvImportKind } from '~/domain/csv'
import type { StaffPermission } from '~/domain/staff-permissions'
import { ApiError } from '~/api/errors'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission } from './guard.server'
import { reportCsv } from './csv-report'
import type { CsvTransfers } from './csv.service'

const denied = {
  401: refused('Not signed in'),
  403: refused('The role lacks the permission (PERMISSION_DENIED), or the second factor is due (STEP_UP_REQUIRED)'),
}

const csvText = z.string().openapi({ type: 'string', format: 'binary' })

const download = (description: string) => ({
  description,
  content: { 'text/csv': { schema: csvText } },
  headers: {
    'Content-Disposition': {
      description: '`attachment; filename="{kind}-{yyyy-mm-dd}.csv"`',
      required: true,
      schema: { type: 'string' as const },
    },
  },
})

const upload = {
  required: true,
  description: 'The CSV file itself (UTF-8; a BOM is fine), 10 MB and 20,000 rows at most',
  content: { 'text/csv': { schema: csvText }, 'application/octet-stream': { schema: csvText } },
}

const fileRefusals = {
  400: refused('Empty, or a header with missing, unknown or repeated columns (CSV_REFUSED, fields.file header)'),
  413: refused('Larger than 10 MB or more than 20,000 rows (CSV_REFUSED)'),
  415: refused('Not UTF-8 text, or not CSV (CSV_REFUSED)'),
}

/** Who may import and export each kind: the permission that changes it (decision 199). */
const IMPORTS: ReadonlyArray<readonly [CsvImportKind, StaffPermission, string]> = [
  ['products', 'catalog:write', 'Products'],
  ['stock', 'stock:write', 'Stock'],
  ['prices', 'prices:write', 'Prices'],
]

const EXPORT_SUMMARIES: Record<CsvImportKind, string> = {
  products: 'Products as CSV: one row per size (model, colour, size, SKU, barcode, names, category, tags, status)',
  stock: 'Stock as CSV: each SKU at each location with its count and low-stock threshold',
  prices: 'Prices as CSV: each colour’s THB and USD price and old prices',
}

/**
 * CSV import and export (issue 32 item 7, decision 199). Exports stream as `text/csv` with a BOM (Excel shows Thai),
 * audited with their row counts. An import is sent twice: a dry run (`…/check`, nothing written: figures and the bad
 * cells) and, once it has no errors, the same file again (`…/apply`), which is checked again and written all or
 * nothing in one transaction. Products, stock and prices with the permission that changes them; orders (export only)
 * with `exports:run` and `orders:read`, which asks for the second factor again.
 */
export function createCsvAdminRoutes(csv: CsvTransfers, now: () => Date) {
  const app = createAdminSubApp()

  for (const [kind, permission, title] of IMPORTS) {
    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'get',
            path: `/csv/${kind}/export`,
            operationId: `adminCsvExport${title}`,
            summary: EXPORT_SUMMARIES[kind],
            access: requirePermission(permission),
            responses: { 200: download('The file, streamed'), ...denied },
          },
          now,
        ),
      ),
      (c) => {
        const stream = csv.exportStream(kind, {}, auditContextOf(c))
        c.header('Content-Type', 'text/csv; charset=utf-8')
        c.header('Content-Disposition', `attachment; filename="${csvFileName(kind, now())}"`)
        return c.body(stream, 200)
      },
    )

    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'post',
            path: `/csv/${kind}/check`,
            operationId: `adminCsvCheck${title}`,
            summary: `A dry run of a ${kind} file: what it would create and change, and every bad row; nothing written`,
            access: requirePermission(permission),
            request: { query: adminCsvUploadQuery, body: upload },
            responses: {
              200: json(adminCsvDryRunSchema, 'The figures and the first 100 bad cells'),
              ...fileRefusals,
              ...denied,
            },
          },
          now,
        ),
      ),
      async (c) => {
        const context = auditContextOf(c)
        const lang = context.actor.language
        const parsed = await read(c.req.raw, kind, lang)
        const { summary, errors } = await csv.dryRun(kind, parsed, context)
        return c.json(
          toWire(adminCsvDryRunSchema, {
            summary,
            sha256: parsed.sha256,
            errors: errors
              .slice(0, CSV_REPORT_SHOWN)
              .map((error) => ({ ...error, message: problemMessage(error.problem, lang) })),
            totalErrors: errors.length,
          }),
          200,
        )
      },
    )

    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'post',
            path: `/csv/${kind}/report`,
            operationId: `adminCsvReport${title}`,
            summary: `The dry run’s report of a ${kind} file as CSV: every bad cell with its row, column, value and problem`,
            access: requirePermission(permission),
            request: { query: adminCsvUploadQuery, body: upload },
            responses: { 200: download('The report'), ...fileRefusals, ...denied },
          },
          now,
        ),
      ),
      async (c) => {
        const context = auditContextOf(c)
        const lang = context.actor.language
        const parsed = await read(c.req.raw, kind, lang)
        const { errors } = await csv.dryRun(kind, parsed, context)
        c.header('Content-Type', 'text/csv; charset=utf-8')
        c.header('Content-Disposition', `attachment; filename="${kind}-report-${now().toISOString().slice(0, 10)}.csv"`)
        return c.body(reportCsv(errors, lang), 200)
      },
    )

    app.openapi(
      createRoute(
        adminRoute(
          {
            method: 'post',
            path: `/csv/${kind}/apply`,
            operationId: `adminCsvApply${title}`,
            summary: `Apply a ${kind} file whose dry run had no errors: checked again, then all or nothing, audited`,
            access: requirePermission(permission),
            request: { query: adminCsvUploadQuery, body: upload },
            responses: {
              200: json(adminCsvAppliedSchema, 'Applied: the figures'),
              ...fileRefusals,
              ...denied,
              422: refused('The file has bad rows (CSV_REFUSED, fields.file hasErrors): nothing written'),
            },
          },
          now,
        ),
      ),
      async (c) => {
        const context = auditContextOf(c)
        const parsed = await read(c.req.raw, kind, context.actor.language)
        const fileName = c.req.valid('query').file_name ?? `${kind}.csv`
        const summary = await csv.apply(kind, parsed, fileName, context)
        return c.json(toWire(adminCsvAppliedSchema, { summary, sha256: parsed.sha256 }), 200)
      },
    )
  }

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/csv/orders/export',
          operationId: 'adminCsvExportOrders',
          summary:
            'Orders as CSV, newest first: number, date, status, totals, currency, items; the shopper’s details for `members:read`',
          access: requirePermission('exports:run', 'orders:read'),
          request: { query: adminCsvOrdersQuery },
          responses: { 200: download('The file, streamed'), 400: refused('Bad filter'), ...denied },
        },
        now,
      ),
    ),
    (c) => {
      const filter = c.req.valid('query')
      const stream = csv.exportStream('orders', filter, auditContextOf(c))
      c.header('Content-Type', 'text/csv; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="${csvFileName('orders', now())}"`)
      return c.body(stream, 200)
    },
  )

  return app

  function read(request: Request, kind: CsvImportKind, lang: 'th' | 'en') {
    const declared = Number(request.headers.get('content-length') ?? 0)
    if (declared > CSV_MAX_BYTES) {
      throw new ApiError(413, 'CSV_REFUSED', lang === 'th' ? 'ไฟล์ใหญ่เกิน 10 MB' : 'The file is larger than 10 MB', {
        fields: { file: 'tooLarge' },
      })
    }
    return csv.read(kind, request.body, lang)
  }
}
