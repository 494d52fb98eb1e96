import { definePlugin } from 'nitro'
import { getDatabase } from '../database.server'

/**
 * Opens, migrates and (on first start) seeds the database while the server starts, so that the first
 * shopper does not wait for it. A failure is logged; requests try again and show 503 until it works.
 */
export default definePlugin(() => {
  if (process.env.NODE_ENV === 'test') return
  getDatabase().catch((error: unknown) => {
    console.error('Database not ready yet:', error instanceof Error ? error.message : error)
  })
})
