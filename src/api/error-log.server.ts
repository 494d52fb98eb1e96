import type { Logger } from 'pino'
import { processGlobal } from '~/process-global'

/**
 * The product API's error lines go to the process's logger (pino, one JSON object per line), which the server sets
 * up in src/server/ops/logger.server.ts and keeps on the same process global; the API does not import the
 * storefront's server code, so it reads that holder. Before any logger exists (a script, a test without one) the
 * line goes to the console as JSON.
 */
const holder = processGlobal<{ logger: Logger | null }>('logger', () => ({ logger: null }))

export function logApiError(fields: Record<string, unknown>, message: string): void {
  if (holder.logger) holder.logger.error(fields, message)
  else console.error(message, JSON.stringify(fields))
}
