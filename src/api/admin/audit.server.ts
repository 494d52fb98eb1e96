import { and, desc, eq, gte, like, lt, lte, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { auditDenials, auditLog, type AuditActorType, type AuditRow } from '~/db/staff-schema'
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
  /** An action (`staff.update`), or every action of an area with `.*` at its end (`denied.*`: every refusal). */
  action?: string
  entityType?: string
  entityId?: string
  from?: Date
  to?: Date
}

/** `area.*` is every action of the area, by prefix (a `%`, `_` or backslash in it is itself); anything else, exactly. */
function actionCondition(action: string): SQL {
  if (!action.endsWith('.*')) return eq(auditLog.action, action)
  const prefix = action.slice(0, -1).replace(/[\\%_]/g, (character) => `\\${character}`)
  return like(auditLog.action, `${prefix}%`)
}

/** A refused call (PERMISSION_DENIED, STAFF_ONLY) of an operation, as its audit line records it. */
export type Denial = {
  /** The operation's id in its OpenAPI document (`staffUpdate`, `changeOrderStatus`). */
  operationId: string
  /** The request as made: its method and path below the store (`PATCH /staff/…`), the entity it aimed at. */
  method: string
  path: string
  reason: string
  /** The permissions the operation needs. */
  needs: readonly string[]
}

/** At most one audit line per actor and operation this often; the refusals between are counted (decision 179). */
export const DENIAL_LINE_EVERY_SECONDS = 60

/** The audit action of a refused operation: `denied.` and the operation's id in snake_case (`denied.staff_update`). */
export function denialAction(operationId: string): string {
  const snake = operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z_]/g, '')
  return `denied.${snake || 'operation'}`
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

  /**
   * A refused call (decision 179), in a transaction of its own since nothing else is written: a line with the actor,
   * `denied.<operation>`, the request it aimed at, the reason, the permissions needed, the IP and the request id, and
   * how many refusals of the same actor and operation went unwritten since the line before. At most one line per
   * actor and operation a minute (a flood of refusals cannot fill the log); the others are counted in
   * `audit_denials`. True when a line was written.
   */
  async recordDenial(context: AuditContext, denial: Denial): Promise<boolean> {
    const action = denialAction(denial.operationId)
    const now = this.now()
    const key = and(
      eq(auditDenials.actorType, context.actor.type),
      eq(auditDenials.actorId, context.actor.id),
      eq(auditDenials.action, action),
    )
    return this.db.transaction(async (tx) => {
      await tx
        .insert(auditDenials)
        .values({
          actorType: context.actor.type,
          actorId: context.actor.id,
          action,
          windowStart: new Date(0),
          count: 0,
        })
        .onConflictDoNothing()
      const [row] = await tx.select().from(auditDenials).where(key).for('update')
      const counted = row?.count ?? 0
      if (row && now.getTime() - row.windowStart.getTime() < DENIAL_LINE_EVERY_SECONDS * 1000) {
        await tx
          .update(auditDenials)
          .set({ count: counted + 1 })
          .where(key)
        return false
      }
      await tx.update(auditDenials).set({ windowStart: now, count: 1 }).where(key)
      await this.record(tx, context, {
        action,
        entityType: 'request',
        entityId: `${denial.method} ${denial.path}`,
        after: {
          reason: denial.reason,
          needs: denial.needs,
          // The refusals of the line before's minute, less that line itself.
          unloggedBefore: Math.max(0, counted - 1),
        },
      })
      return true
    })
  }

  private where(filter: AuditFilter): SQL | undefined {
    const conditions = [
      filter.actorType ? eq(auditLog.actorType, filter.actorType) : undefined,
      filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
      filter.action ? actionCondition(filter.action) : undefined,
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
