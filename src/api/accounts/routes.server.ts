import type { Db } from '~/db/client.server'
import { createSubApp } from '~/api/http.server'
import { createAddressRoutes } from './address.routes.server'
import { createCodeRoutes } from './code.routes.server'
import { createGeoRoutes } from './geo.routes.server'
import { createLineRoutes } from './line.routes.server'
import { createOutboxRoutes } from './outbox.routes.server'
import { createProfileRoutes } from './profile.routes.server'
import type { AccountServices } from './services.server'
import { createLogoutRoutes, createSessionRoutes } from './session.routes.server'

export type AccountRoutesOptions = {
  db: Db
  accounts: AccountServices
  /** The outbox is readable over the API only while it is the delivery in use (never in production). */
  outboxEnabled: boolean
}

/**
 * The account endpoints of the product API: one-time codes, registration, LINE Login, sessions (Bearer token),
 * profile, address book, Thai postal data and the development outbox. The order of mounting is the order of the
 * operations in the OpenAPI document (keep it: the document is compared byte for byte).
 */
export function createAccountRoutes(options: AccountRoutesOptions) {
  const { db, accounts } = options
  const app = createSubApp()
  app.route('/', createCodeRoutes({ codes: accounts.codes }))
  app.route('/', createLineRoutes({ lineLogin: accounts.lineLogin }))
  app.route('/', createLogoutRoutes({ sessions: accounts.sessions }))
  app.route('/', createProfileRoutes(accounts))
  app.route('/', createSessionRoutes({ sessions: accounts.sessions }))
  app.route('/', createAddressRoutes({ db, sessions: accounts.sessions }))
  app.route('/', createGeoRoutes())
  if (options.outboxEnabled) app.route('/', createOutboxRoutes({ db }))
  return app
}
