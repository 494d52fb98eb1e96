import { definePlugin } from 'nitro'
import { env } from '../../../app.config'
import { holdDataDir } from '../../db/client.server'
import { DataDirBusyError, type DataDirLock } from '../../db/data-dir-lock.server'
import { answerBackupRequest } from '../backup-request.server'
import { createControlAnswerer } from '../control-request.server'
import { printStaffNotice, staffControlHandler } from '../staff-control.server'
import { getDatabase } from '../database.server'
import { isStopping, requestFinished, requestStarted, shutdown } from '../lifecycle.server'

/** How long requests under way have to finish at a stop (srvx's variable and default). */
function drainMs(): number {
  return (Number.parseInt(process.env.SERVER_SHUTDOWN_TIMEOUT ?? '', 10) || 5) * 1000
}

/** Whatever happens, the process has ended this long after the signal. */
const HARD_STOP_MS = 30_000

function stoppingResponse(): Response {
  return Response.json(
    { code: 503, message: 'SERVICE UNAVAILABLE. PLEASE TRY AGAIN IN A MOMENT' },
    { status: 503, headers: { 'Retry-After': '2', 'Cache-Control': 'no-store', Connection: 'close' } },
  )
}

/**
 * The server's start and end (decision 068).
 *
 * Start: the embedded database's directory is locked for this process before the server listens (a second
 * server on it ends here with a message naming the process that has it; a restart waits for one that is still
 * stopping); then the database is opened, migrated and seeded in the background, so the first shopper does not
 * wait. A failure there is logged, and requests show 503 until it works.
 *
 * End, on SIGTERM or SIGINT: see lifecycle.server.ts. Requests are counted here, around the whole app.
 */
export default definePlugin((nitroApp) => {
  if (process.env.NODE_ENV === 'test') return
  let lock: DataDirLock | null = null
  if (!env.DATABASE_URL) {
    try {
      lock = holdDataDir(env.DATA_DIR, 'server')
    } catch (error) {
      console.error(error instanceof DataDirBusyError ? error.message : error)
      process.exit(1)
    }
  }
  getDatabase()
    // The start-up table's word about staff: in demo mode an owner's invitation while there are none (issue 31).
    .then(() => printStaffNotice((line) => console.log(line)))
    .catch((error: unknown) => {
      console.error('Database not ready yet:', error instanceof Error ? error.message : error)
    })

  const app = nitroApp.fetch
  nitroApp.fetch = async (request) => {
    if (isStopping()) return stoppingResponse()
    requestStarted()
    try {
      return await app(request)
    } finally {
      requestFinished()
    }
  }

  const stop = (signal: NodeJS.Signals) => {
    if (isStopping()) return
    try {
      lock?.markStopping()
    } catch (error) {
      console.error('Could not mark the data directory as stopping:', error)
    }
    console.error(`${signal}: stopping (requests under way may take ${drainMs() / 1000} s)`)
    setTimeout(() => {
      console.error(`Shutdown did not end within ${HARD_STOP_MS / 1000} s: ending now`)
      process.exit(1)
    }, HARD_STOP_MS).unref()
    void shutdown({ drainMs: drainMs(), log: (line) => console.error(line) }).finally(() => {
      lock?.release()
      process.exit(0)
    })
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  // Commands run while the shop runs (`db:backup`, `staff:invite`, `staff:api-key`) ask it: only it may open the
  // embedded database (control requests, decision 176).
  if (lock) {
    const answer = createControlAnswerer(
      env.DATA_DIR,
      {
        backup: answerBackupRequest,
        'staff:invite': staffControlHandler('staff:invite'),
        'staff:api-key': staffControlHandler('staff:api-key'),
      },
      (line) => console.error(line),
    )
    process.on('SIGUSR2', () => void answer())
  }
})
