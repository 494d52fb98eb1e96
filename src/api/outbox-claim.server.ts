import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/client.server'
import { loggableError } from '~/db/error-details'

/**
 * A table used as an outbox: rows 'pending' until sent or given up, `attempts` counted when an attempt starts,
 * `nextAttemptAt` the next try or the end of a running attempt's lease, `lastError` why the last attempt failed (the
 * pixel events and the order e-mails).
 */
export type OutboxTable = PgTable & {
  id: AnyPgColumn
  status: AnyPgColumn
  attempts: AnyPgColumn
  nextAttemptAt: AnyPgColumn
  lastError: AnyPgColumn
}

/** How many attempts a row gets, and how long a claimed row is hidden from other instances while it is worked on. */
export type OutboxSettings = { maxAttempts: number; leaseMs: number }

/**
 * Claims due rows of an outbox so that several instances never work on the same row at once, and hands back what it
 * claimed but did not use. What an attempt does and how its end is stored stay with the outbox's own service: the
 * order e-mails store it only while the claim is still theirs (same attempt, still pending), the pixel events by id.
 */
export class OutboxClaims<T extends OutboxTable> {
  constructor(
    private readonly db: Db,
    private readonly table: T,
    private readonly settings: OutboxSettings,
  ) {}

  /**
   * An instance that stopped during a row's last attempt left it pending: it is given up ('failed', 'interrupted' unless
   * an error was stored) once the lease has run out. Returns how many were.
   */
  async giveUpInterrupted(now: Date): Promise<number> {
    const { table } = this
    const abandoned = await this.db
      .update(table)
      .set({
        status: 'failed',
        nextAttemptAt: null,
        lastError: sql`coalesce(${table.lastError}, 'interrupted')`,
      } as PgUpdateSetSource<T>)
      .where(
        and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now), gte(table.attempts, this.settings.maxAttempts)),
      )
      .returning({ id: table.id })
    return abandoned.length
  }

  /**
   * Claims up to `limit` due rows, oldest due first, in one UPDATE: rows locked by another instance are skipped (FOR
   * UPDATE SKIP LOCKED), each claimed row counts an attempt and is hidden for the lease. `only` narrows what is due.
   */
  async claimDue(now: Date, limit: number, only?: SQL): Promise<Array<T['$inferSelect']>> {
    const { table } = this
    const due = this.db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(
        and(
          eq(table.status, 'pending'),
          ...(only ? [only] : []),
          lte(table.nextAttemptAt, now),
          lt(table.attempts, this.settings.maxAttempts),
        ),
      )
      .orderBy(asc(table.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    const claimed = await this.db
      .update(table)
      .set({
        attempts: sql`${table.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + this.settings.leaseMs),
      } as PgUpdateSetSource<T>)
      // The due test again: a row another instance claimed meanwhile is re-checked against its new lease.
      .where(and(inArray(table.id, due), eq(table.status, 'pending'), lte(table.nextAttemptAt, now)))
      .returning()
    return claimed as Array<T['$inferSelect']>
  }

  /**
   * Works through the claimed rows one at a time. Once `signal` is aborted (the server stops), the claims not used yet
   * are handed back at once, their attempt uncounted and due `now`, instead of waiting out their lease.
   */
  async each<Row extends { id: unknown }>(
    claimed: Row[],
    now: Date,
    signal: AbortSignal | undefined,
    work: (row: Row) => Promise<void>,
  ): Promise<void> {
    const { table } = this
    for (const [index, row] of claimed.entries()) {
      if (signal?.aborted) {
        const unused = claimed.slice(index).map((unsent) => unsent.id)
        await this.db
          .update(table)
          .set({ attempts: sql`${table.attempts} - 1`, nextAttemptAt: now } as PgUpdateSetSource<T>)
          .where(and(inArray(table.id, unused), eq(table.status, 'pending')))
        break
      }
      await work(row)
    }
  }
}

/** The wait after a failed attempt: `baseMs` after the first, doubling after each further one, at most `maxMs`. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs = Number.POSITIVE_INFINITY): number {
  return Math.min(baseMs * 2 ** (attempts - 1), maxMs)
}

/**
 * Runs `deliverDue` every `everyMs` (never two runs at once in this process); returns the function that stops it: it
 * ends the timer, aborts the signal the run was given (the row being worked on finishes, the other claims are handed
 * back), and resolves when the run under way is over. Several instances may all run it: claiming keeps each row to one.
 */
export function startOutboxWorker(
  deliverDue: (signal: AbortSignal) => Promise<unknown>,
  options: { everyMs: number; failure: string },
): () => Promise<void> {
  let running: Promise<unknown> | null = null
  const stopped = new AbortController()
  const run = () => {
    if (running || stopped.signal.aborted) return
    running = deliverDue(stopped.signal)
      .catch((error: unknown) => console.error(options.failure, loggableError(error)))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(run, options.everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    stopped.abort()
    await running
  }
}
