import { z } from '@hono/zod-openapi'
import { json, refused, toWire } from '~/api/http.server'
import { ApiError } from '~/api/errors'
import {
  dashboardSchema,
  REPORT_MAX_DAYS,
  reportKindParam,
  reportRangeQuery,
  reportSchema,
} from '~/contract/admin-reports'
import { formatAmount } from '~/domain/csv'
import { addDays, bangkokDay } from '~/domain/shop-events'
import type { Db } from '~/db/client.server'
import type { AuditContext } from './actor'
import type { AuditLog } from './audit.server'
import { csvLines, UTF8_BOM } from './csv-report'
import { adminRoute, auditContextOf, createAdminSubApp, createRoute, requirePermission } from './guard.server'
import { MONEY_COLUMNS, type AdminReports, type DayRange, type Report } from './reports.service'

const denied = {
  401: refused('Not signed in'),
  403: refused('The role lacks the permission (PERMISSION_DENIED), or the second factor is due (STEP_UP_REQUIRED)'),
}

const badRange = refused(
  'A day that is not yyyy-mm-dd, an end before the start, or more than 366 days (REPORT_RANGE, fields.from/to)',
)

const RANGE_MESSAGES = {
  order: { th: 'วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น', en: 'The last day must not be before the first' },
  long: {
    th: `ช่วงวันที่ยาวเกิน ${REPORT_MAX_DAYS} วัน โปรดเลือกช่วงที่สั้นลง`,
    en: `The range is longer than ${REPORT_MAX_DAYS} days: choose a shorter one`,
  },
}

/** The range asked, defaulting to this month so far (Bangkok), refused when backwards or longer than a year. */
function rangeOf(query: { from?: string; to?: string }, now: Date, lang: 'th' | 'en'): DayRange {
  const today = bangkokDay(now)
  const to = query.to ?? today
  const from = query.from ?? `${to.slice(0, 7)}-01`
  if (from > to) {
    throw new ApiError(400, 'REPORT_RANGE', RANGE_MESSAGES.order[lang], { fields: { to: 'beforeFrom' } })
  }
  if (addDays(from, REPORT_MAX_DAYS - 1) < to) {
    throw new ApiError(400, 'REPORT_RANGE', RANGE_MESSAGES.long[lang], { fields: { to: 'tooLong' } })
  }
  return { from, to }
}

/** A report as CSV bytes: a BOM (Excel reads Thai), the header, the rows a hundred at a time, then the totals. */
function reportStream(report: Report, done: (rows: number) => Promise<void>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const cell = (column: string, value: string | number) =>
    typeof value === 'number' && MONEY_COLUMNS.has(column) ? formatAmount(value) : String(value)
  const line = (columns: string[]) => (row: Array<string | number>) =>
    row.map((value, index) => cell(columns[index] ?? '', value))
  const chunks: string[][][] = [[report.columns]]
  for (let start = 0; start < report.rows.length; start += 100) {
    chunks.push(report.rows.slice(start, start + 100).map(line(report.columns)))
  }
  if (report.totals.length > 0) chunks.push(report.totals.map(line(report.columns)))
  if (report.zeroRated.length > 0) {
    chunks.push([[], ['zero_rated_exports'], report.zeroRatedColumns])
    chunks.push(report.zeroRated.map(line(report.zeroRatedColumns)))
  }
  let index = 0
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const chunk = chunks[index]
      if (!chunk) {
        await done(report.rows.length)
        controller.close()
        return
      }
      controller.enqueue(encoder.encode((index === 0 ? UTF8_BOM : '') + csvLines(chunk)))
      index += 1
    },
  })
}

/**
 * The dashboard and the reports (issue 33 items 3 and 4, decision 202): `reports:read` reads them; a report's CSV also
 * needs `exports:run`, which asks for the second factor again, and is audited with its range and row count.
 */
export function createReportAdminRoutes(
  reports: AdminReports,
  audit: Pick<AuditLog, 'record'>,
  db: Db,
  now: () => Date,
) {
  const app = createAdminSubApp()

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/dashboard',
          operationId: 'adminDashboard',
          summary:
            'Today, 7 and 30 days (Bangkok): orders, revenue per currency, average order, the funnel, queues, best sellers, sold-out and low stock',
          access: requirePermission('reports:read'),
          responses: { 200: json(dashboardSchema, 'The figures, computed by the database'), ...denied },
        },
        now,
      ),
    ),
    async (c) => {
      const lang = auditContextOf(c).actor.language
      return c.json(toWire(dashboardSchema, await reports.dashboard(lang)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/reports/{kind}',
          operationId: 'adminReport',
          summary:
            'A report over a range of Bangkok days: sales by day, category, payment method or region, the output-VAT report, members by tier',
          access: requirePermission('reports:read'),
          request: { params: reportKindParam, query: reportRangeQuery },
          responses: { 200: json(reportSchema, 'The report as a table'), 400: badRange, ...denied },
        },
        now,
      ),
    ),
    async (c) => {
      const { kind } = c.req.valid('param')
      const range = rangeOf(c.req.valid('query'), now(), auditContextOf(c).actor.language)
      return c.json(toWire(reportSchema, await reports.report(kind, range)), 200)
    },
  )

  app.openapi(
    createRoute(
      adminRoute(
        {
          method: 'get',
          path: '/reports/{kind}/export',
          operationId: 'adminReportExport',
          summary: 'A report as CSV (UTF-8 with a BOM, amounts as decimals), streamed and audited',
          access: requirePermission('reports:read', 'exports:run'),
          request: { params: reportKindParam, query: reportRangeQuery },
          responses: {
            200: {
              description: 'The file, streamed',
              content: { 'text/csv': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
              headers: {
                'Content-Disposition': {
                  description: '`attachment; filename="{kind}-{from}-{to}.csv"`',
                  required: true,
                  schema: { type: 'string' as const },
                },
              },
            },
            400: badRange,
            ...denied,
          },
        },
        now,
      ),
    ),
    async (c) => {
      const { kind } = c.req.valid('param')
      const context: AuditContext = auditContextOf(c)
      const range = rangeOf(c.req.valid('query'), now(), context.actor.language)
      const report = await reports.report(kind, range)
      const stream = reportStream(report, (rows) =>
        db.transaction((tx) =>
          audit.record(tx, context, {
            action: 'report.export',
            entityType: 'report',
            entityId: kind,
            after: { kind, ...range, rows },
          }),
        ),
      )
      c.header('Content-Type', 'text/csv; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="${kind}-${range.from}-${range.to}.csv"`)
      return c.body(stream, 200)
    },
  )

  return app
}
