import { z } from 'zod'
import { API_KEY_DEFAULT_DAYS, API_KEY_MAX_DAYS, STAFF_PERMISSIONS } from '~/domain/staff-permissions'
import { systemActor } from './actor'
import type { AdminServices } from './services.server'

/** The staff commands the command line runs (`npm run staff:invite`, `npm run staff:api-key`), here or in the shop. */
export const STAFF_COMMANDS = ['staff:invite', 'staff:api-key'] as const
export type StaffCommand = (typeof STAFF_COMMANDS)[number]

const inviteArgs = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()), role: z.string().min(1).max(40) })
const apiKeyArgs = z.object({
  name: z.string().trim().min(1).max(80),
  role: z.string().min(1).max(40),
  days: z.coerce.number().int().min(1).max(API_KEY_MAX_DAYS).default(API_KEY_DEFAULT_DAYS),
})

export type StaffCommandResult = { lines: string[] }

/**
 * Runs a staff command as the shop itself (audited as `system`, named by the command): an invitation link (24 h),
 * or an API key, each shown this once.
 */
export async function runStaffCommand(
  services: AdminServices,
  command: StaffCommand,
  args: Record<string, unknown>,
): Promise<StaffCommandResult> {
  const context = { actor: systemActor(command, STAFF_PERMISSIONS), ip: null, requestId: null }
  if (command === 'staff:invite') {
    const input = inviteArgs.parse(args)
    const invite = await services.staff.invite({ email: input.email, roleId: input.role, send: false }, context)
    return {
      lines: [
        `Invitation for ${invite.email} as ${invite.roleId}, valid until ${invite.expiresAt} (shown once):`,
        invite.url,
      ],
    }
  }
  const input = apiKeyArgs.parse(args)
  const key = await services.apiKeys.create({ name: input.name, roleId: input.role, days: input.days }, context)
  return {
    lines: [`API key ${key.name} (${key.roleId}), valid until ${key.expiresAt} (shown once):`, key.key],
  }
}

/** The start-up line about staff (issue 31): in demo mode an owner's invitation while there are no staff. */
export async function staffStartupNotice(services: AdminServices, mode: 'demo' | 'live'): Promise<string | null> {
  if ((await services.staff.count()) > 0) return null
  if (mode === 'live') {
    return 'Back office: no staff yet. Invite the owner: npm run staff:invite -- --email you@example.com --role owner'
  }
  const { lines } = await runStaffCommand(services, 'staff:invite', { email: 'owner@example.com', role: 'owner' })
  return `Back office: no staff yet (demo). ${lines.join(' ')}`
}
