import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { auditLog, type AuditActorType, type AuditRow } from '~/db/staff-schema'
import type { AuditContext } from './actor'

/** A transaction or the database: an audited write is recorded through the same one as its change. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export type AuditEntry = {
  action: string
  entityType: string
  entityId: string
  before?: unknown
  after?: unknown
}

export type AuditFilter = {
  actorType?: AuditActorType
  actorId?: string
  action?: string
  entityType?: string
  entityId?: string
  from?: Date
  to?: Date
}

/** Rows of one export read at a time: the CSV streams, whatever the log's size. */
const EXPORT_BATCH = 500

/** JSON as it can be stored: Dates as ISO text, undefined dropped. */
function storable(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown)
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a leading = + - @ made inert. */
export function csvField(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_type',
  'actor_id',
  'actor_label',
  'action',
  'entity_type',
  'entity_id',
  'before',
  'after',
  'ip',
  'request_id',
] as const

function csvLine(row: AuditRow): string {
  const values = [
    String(row.id),
    row.at.toISOString(),
    row.actorType,
    row.actorId,
    row.actorLabel,
    row.action,
    row.entityType,
    row.entityId,
    row.before === null ? '' : JSON.stringify(row.before),
    row.after === null ? '' : JSON.stringify(row.after),
    row.ip ?? '',
    row.requestId ?? '',
  ]
  return `${values.map(csvField).join(',')}\r\n`
}

/**
 * The audit log (issue 31 item 4, decision 175): every staff, API-key and command-line write is recorded with who,
 * what, the entity, before and after, the IP and the request id, in the transaction of the change. The table refuses
 * UPDATE and DELETE (a trigger), so what is written stays.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async record(tx: Tx, context: AuditContext, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({
      at: this.now(),
      actorType: context.actor.type,
      actorId: context.actor.id,
      actorLabel: context.actor.label,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: storable(entry.before),
      after: storable(entry.after),
      ip: context.ip,
      requestId: context.requestId,
    })
  }

  private where(filter: AuditFilter): SQL | undefined {
    const conditions = [
      filter.actorType ? eq(auditLog.actorType, filter.actorType) : undefined,
      filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
      filter.action ? eq(auditLog.action, filter.action) : undefined,
      filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
      filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
      filter.from ? gte(auditLog.at, filter.from) : undefined,
      filter.to ? lte(auditLog.at, filter.to) : undefined,
    ].filter((condition): condition is SQL => condition !== undefined)
    return conditions.length > 0 ? and(...conditions) : undefined
  }

  /** Newest first; `before` is the cursor (the last id of the page before), `next` the next page's. */
  async list(filter: AuditFilter, page: { before?: number; limit: number }) {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(this.where(filter), page.before ? lt(auditLog.id, page.before) : undefined))
      .orderBy(desc(auditLog.id))
      .limit(page.limit + 1)
    const items = rows.slice(0, page.limit)
    const last = items.at(-1)
    return { items, next: rows.length > page.limit && last ? last.id : null }
  }

  /** The filtered log as CSV, newest first, read in batches as the stream is pulled. */
  exportCsv(filter: AuditFilter): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder()
    let before: number | undefined
    let headerSent = false
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (!headerSent) {
          headerSent = true
          controller.enqueue(encoder.encode(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`))
          return
        }
        const { items, next } = await this.list(filter, { before, limit: EXPORT_BATCH })
        if (items.length > 0) controller.enqueue(encoder.encode(items.map(csvLine).join('')))
        if (next === null) controller.close()
        else before = next
      },
    })
  }
}
