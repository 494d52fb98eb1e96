import { z } from '@hono/zod-openapi'
import { ORDER_STATUSES } from '~/domain/orders'

/**
 * CSV import and export in the admin API (issue 32 item 7, decision 199): the dry run's answer (figures and the first
 * bad cells) and the apply's, and the orders export's filter. The files themselves are `text/csv` (UTF-8, with a BOM).
 */

export const adminCsvUploadQuery = z.object({
  file_name: z
    .string()
    .trim()
    .max(200)
    .optional()
    .openapi({ description: 'The uploaded file’s name, as the audit entry records it' }),
})

export const adminCsvOrdersQuery = z.object({
  from: z.iso.date().optional().openapi({ description: 'Orders placed on or after this day (Bangkok time)' }),
  to: z.iso.date().optional().openapi({ description: 'Orders placed on or before this day (Bangkok time)' }),
  status: z.enum(ORDER_STATUSES).optional(),
})

export const adminCsvSummarySchema = z
  .object({
    rows: z.int().openapi({ description: 'Data rows of the file (the header not counted)' }),
    create: z.int().openapi({ description: 'Rows that would make something new' }),
    update: z.int().openapi({ description: 'Rows that would change something' }),
    unchanged: z.int().openapi({ description: 'Rows the same as what the shop holds' }),
    errors: z.int().openapi({ description: 'Bad rows (each with one or more bad cells)' }),
  })
  .openapi('AdminCsvSummary')

export const adminCsvDryRunSchema = z
  .object({
    summary: adminCsvSummarySchema,
    sha256: z.string(),
    errors: z
      .array(
        z.object({
          row: z.int().openapi({ description: 'The row as a spreadsheet numbers it: the header is row 1' }),
          column: z.string(),
          value: z.string(),
          problem: z.string().openapi({ description: 'The problem’s code' }),
          message: z.string().openapi({ description: 'What is wrong, in the staff member’s language' }),
        }),
      )
      .openapi({ description: 'The first 100 bad cells; the report (…/report) has them all' }),
    total_errors: z.int().openapi({ description: 'Every bad cell of the file' }),
  })
  .openapi('AdminCsvDryRun')

export const adminCsvAppliedSchema = z
  .object({ summary: adminCsvSummarySchema, sha256: z.string() })
  .openapi('AdminCsvApplied')
