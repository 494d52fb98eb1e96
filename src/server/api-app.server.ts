import { env } from '../../app.config'
import { createApiApp, type ApiApp } from '~/api/app.server'
import { getDatabase } from './database.server'

let app: Promise<ApiApp> | null = null

/** The product API mounted in this server (DESIGN.md §1), created once per process. */
export function getApiApp(): Promise<ApiApp> {
  app ??= getDatabase()
    .then((database) => createApiApp({ db: database.db, storeKeys: [env.STORE_KEY] }))
    .catch((error: unknown) => {
      app = null
      throw error
    })
  return app
}
