import { env } from '../../app.config'
import { createAdminServices } from '~/api/admin/services.server'
import { runStaffCommand, staffStartupNotice, type StaffCommand } from '~/api/admin/cli.server'
import type { Db } from '~/db/client.server'
import type { ControlHandler } from './control-request.server'
import { getDatabase } from './database.server'

/**
 * The staff commands of the running shop (decision 176): only the admin API's services, not the whole API, so that
 * the server's lifecycle plugin (and the command-line tests' shop process) load no more than they need.
 */
function staffServicesOn(db: Db) {
  return createAdminServices({
    db,
    siteUrl: env.SITE_URL,
    deliver: () => Promise.reject(new Error('Nothing is sent from a control request')),
  })
}

/** A staff command asked of the running shop (`npm run staff:invite` while it runs): its output lines. */
export function staffControlHandler(command: StaffCommand): ControlHandler {
  return async (args) => runStaffCommand(staffServicesOn((await getDatabase()).db), command, args)
}

/** The start-up line about staff once the database is open: in demo mode an owner's invitation while there are none. */
export async function printStaffNotice(log: (line: string) => void): Promise<void> {
  const notice = await staffStartupNotice(staffServicesOn((await getDatabase()).db), env.SHOP_MODE)
  if (notice) log(notice)
}
