import { definePlugin } from 'nitro'
import { closeDatabase, getDatabase } from '../database.server'

/** How long the HTTP server takes at most to close gracefully (srvx's default, same variable). */
function gracefulShutdownMs(): number {
  // srvx skips its graceful shutdown under CI or TEST: the signal ends requests at once there.
  if (process.env.CI || process.env.TEST) return 0
  return (Number.parseInt(process.env.SERVER_SHUTDOWN_TIMEOUT ?? '', 10) || 5) * 1000
}

/**
 * Opens, migrates and (on first start) seeds the database while the server starts, so that the first
 * shopper does not wait for it. A failure is logged; requests try again and show 503 until it works.
 * On SIGTERM or SIGINT, once the HTTP server has had its time to finish the requests under way, the
 * database is closed and the process ends (PGlite's timers would keep it alive otherwise).
 */
export default definePlugin(() => {
  if (process.env.NODE_ENV === 'test') return
  getDatabase().catch((error: unknown) => {
    console.error('Database not ready yet:', error instanceof Error ? error.message : error)
  })
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      void closeDatabase()
        .catch((error: unknown) => console.error('Closing the database failed:', error))
        .finally(() => process.exit(0))
    }, gracefulShutdownMs() + 250).unref()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
})
