/**
 * What of a database error may go into a log line (issue 29 item 4): the SQLSTATE, where it happened (table,
 * column, constraint), the severity and the SQL text with its `$n` placeholders. Never the parameters: they hold
 * the shopper's e-mail, telephone, address, tax ID and token hashes. Nor the server's message or detail, which
 * may quote a value (`invalid input syntax for type uuid: "…"`, `Key (email)=(…)`). Drizzle's own message and stack
 * quote the parameters too, so neither is logged.
 */
export type DatabaseErrorDetails = {
  /** PostgreSQL's error code (named so: the logger redacts any field called `code`, a one-time code's name). */
  sqlstate: string
  severity: string | null
  table: string | null
  column: string | null
  constraint: string | null
  routine: string | null
  /** The statement as sent, placeholders only; null when the error did not come from a query. */
  query: string | null
}

/** Longest SQL text kept in a log line (a placement's statement is about 2 KB). */
export const MAX_LOGGED_SQL = 4000

const SQLSTATE = /^[0-9A-Z]{5}$/

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/**
 * The database error in `error` or its causes (Drizzle wraps the driver's error, with the SQL beside it), as safe
 * details; null when there is none.
 */
export function databaseErrorDetails(error: unknown): DatabaseErrorDetails | null {
  const seen = new Set<unknown>()
  let query: string | null = null
  for (let current: unknown = error; typeof current === 'object' && current !== null;) {
    if (seen.has(current)) break
    seen.add(current)
    const fields = current as Record<string, unknown>
    query ??= text(fields.query)
    const code = text(fields.code)
    if (code && SQLSTATE.test(code)) {
      return {
        sqlstate: code,
        severity: text(fields.severity),
        table: text(fields.table),
        column: text(fields.column),
        constraint: text(fields.constraint),
        routine: text(fields.routine),
        query: query ? query.slice(0, MAX_LOGGED_SQL) : null,
      }
    }
    current = fields.cause
  }
  return null
}

/**
 * An error as a log line may hold it: a database error's safe details, or another error's name, message and stack
 * (the code's own faults). A query error without a SQLSTATE (a driver's) keeps only its name and the SQL.
 */
export function loggableError(error: unknown): { database: DatabaseErrorDetails } | { error: Record<string, unknown> } {
  const database = databaseErrorDetails(error)
  if (database) return { database }
  if (!(error instanceof Error)) return { error: { type: typeof error } }
  const query = (error as { query?: unknown }).query
  if (typeof query === 'string') return { error: { name: error.name, query: query.slice(0, MAX_LOGGED_SQL) } }
  return { error: { name: error.name, message: error.message, stack: error.stack } }
}

/** The first error code in `error` or its causes (a SQLSTATE, or a network error such as ECONNREFUSED). */
export function errorCode(error: unknown): string | null {
  const seen = new Set<unknown>()
  for (let current: unknown = error; typeof current === 'object' && current !== null;) {
    if (seen.has(current)) return null
    seen.add(current)
    const code = text((current as Record<string, unknown>).code)
    if (code) return code
    current = (current as Record<string, unknown>).cause
  }
  return null
}
