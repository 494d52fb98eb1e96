/** Network errors of a connection to the database server. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's SQLSTATEs of a server that is not there for now: class 08 (connection exception), shutting
 * down or starting up (57P01–57P03), too many connections (53300).
 */
function unavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
}

/** node-postgres' own words when the connection went away or never came. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  // The embedded database closed because this process is stopping (a late request).
  'PGlite is closed',
  'The shop is stopping',
]

/**
 * Whether an error means the database cannot be reached for now (it is down, restarting or full), as opposed to a
 * fault of the request or of the code: such a request deserves 503 and another try, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  for (let current: unknown = error; typeof current === 'object' && current !== null;) {
    if (seen.has(current)) return false
    seen.add(current)
    const { code, message, cause, errors } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (
      typeof code === 'string' &&
      (CONNECTION_ERROR_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && unavailableSqlState(code)))
    ) {
      return true
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((words) => message.includes(words))) return true
    // AggregateError of a connection to every address of a host.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true
    current = cause
  }
  return false
}
