import type { Db } from '~/db/client.server'

/** What every account service is built on: the database and the clock (the tests set it). */
export type StoreBase = { db: Db; now: () => Date }

/** An account service's database and clock, as `this.db` and `this.now()`. */
export abstract class AccountStore {
  protected readonly db: Db
  protected readonly now: () => Date

  constructor(base: StoreBase) {
    this.db = base.db
    this.now = base.now
  }
}
