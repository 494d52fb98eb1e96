/**
 * The back office's staff from the command line (issue 31), with the server's configuration (DATABASE_URL, DATA_DIR):
 *
 *   npm run staff:invite -- --email E --role owner            a one-time invitation link (24 h), shown once
 *   npm run staff:api-key -- --name N --role R [--days D]     an API key of a role (90 days unless said), shown once
 *
 * Whether the shop runs or not: on PostgreSQL the script connects; with the embedded database it asks the running
 * shop (a control request, src/server/control-request.server.ts) or, when none runs, opens the directory itself.
 */
import { resolve } from 'node:path'
import { env } from '../app.config'
import { runStaffCommand, type StaffCommand } from '../src/api/admin/cli.server'
import { createAdminServices } from '../src/api/admin/services.server'
import { openDatabase } from '../src/db/client.server'
import { holderAlive, readLockHolder } from '../src/db/data-dir-lock.server'
import { migrate } from '../src/db/migrate.server'
import { askRunningServer } from '../src/server/control-request.server'

const args = process.argv.slice(2)
function option(name: string): string | undefined {
  const index = args.indexOf(`--${name}`)
  return index === -1 ? undefined : args[index + 1]
}

const COMMANDS: Record<string, StaffCommand> = { invite: 'staff:invite', 'api-key': 'staff:api-key' }

async function main(): Promise<void> {
  const command = COMMANDS[args[0] ?? '']
  if (!command) throw new Error('Usage: staff.ts invite --email E --role R | api-key --name N --role R [--days D]')
  const input: Record<string, unknown> =
    command === 'staff:invite'
      ? { email: option('email'), role: option('role') }
      : { name: option('name'), role: option('role'), ...(option('days') ? { days: option('days') } : {}) }
  const dataDir = resolve(env.DATA_DIR)
  const holder = env.DATABASE_URL ? null : readLockHolder(dataDir)
  if (holder && holder.purpose === 'server' && holderAlive(holder)) {
    const answer = await askRunningServer(dataDir, holder.pid, command, input, 60_000)
    if (!answer.ok) throw new Error(answer.error)
    for (const line of (answer.result as { lines: string[] }).lines) console.log(line)
    return
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, purpose: command })
  try {
    await migrate(database)
    const services = createAdminServices({
      db: database.db,
      siteUrl: env.SITE_URL,
      deliver: () => Promise.reject(new Error('Nothing is sent from the command line')),
    })
    for (const line of (await runStaffCommand(services, command, input)).lines) console.log(line)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  const issues = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues
  console.error(
    issues
      ? issues.map((issue) => `--${issue.path.map(String).join('.')}: ${issue.message}`).join('\n')
      : error instanceof Error
        ? error.message
        : error,
  )
  process.exit(1)
})
