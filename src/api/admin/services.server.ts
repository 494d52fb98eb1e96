import type { Db } from '~/db/client.server'
import { BRAND_NAME } from '~/brand'
import type { OutboundMessage } from '~/api/providers/messages'
import type { Actor } from './actor'
import { ApiKeyService } from './api-keys.service'
import { AuditLog } from './audit.server'
import { SecondFactors, type WebAuthnConfig } from './factors.server'
import type { ActorResolver } from './guard.server'
import { RoleService } from './roles.service'
import { SecretBox } from './secrets.server'
import { StaffSessions } from './sessions.service'
import { StaffSignInService } from './sign-in.service'
import { StaffService } from './staff.service'
import { StaffThrottle } from './throttle.server'

export type AdminServiceOptions = {
  db: Db
  /** Sign-in codes and invitations go out by e-mail (the members' delivery: SMTP, or the demo outbox). */
  deliver: (message: OutboundMessage) => Promise<void>
  /** The shop's public origin: the back office's pages (invitation links) and the passkeys' relying party. */
  siteUrl: string
  /** Where passkeys belong (default: the site's host name and origin). */
  webauthn?: Partial<WebAuthnConfig>
  /** Sign-in codes one connection may ask for per hour (default STAFF_CODES_PER_IP_PER_HOUR). */
  codesPerIpPerHour?: number
  now?: () => Date
}

/**
 * The back office's services (issue 31), one per job, built together on one database and clock: roles, staff and
 * invitations, second factors, sign-in, sessions, API keys and the audit log.
 */
export function createAdminServices(options: AdminServiceOptions) {
  const { db } = options
  const now = options.now ?? (() => new Date())
  const site = new URL(options.siteUrl)
  const webauthn: WebAuthnConfig = {
    rpId: options.webauthn?.rpId ?? site.hostname,
    rpName: options.webauthn?.rpName ?? `${BRAND_NAME} back office`,
    origins: options.webauthn?.origins ?? [site.origin],
  }
  const audit = new AuditLog(db, now)
  const roles = new RoleService(db, audit, now)
  const throttle = new StaffThrottle(db, now, options.codesPerIpPerHour)
  const factors = new SecondFactors(db, new SecretBox(db), webauthn, now, `${BRAND_NAME} back office`)
  const sessions = new StaffSessions(db, audit, now)
  const signIn = new StaffSignInService({ db, now, deliver: options.deliver, throttle, factors, sessions, audit })
  const staff = new StaffService({
    db,
    now,
    audit,
    roles,
    factors,
    sessions,
    throttle,
    deliver: options.deliver,
    inviteUrl: (token) => `${site.origin}/admin/invite#${token}`,
  })
  const apiKeys = new ApiKeyService(db, audit, roles, now)

  const resolver: ActorResolver = {
    fromApiKey: (bearer) => apiKeys.authenticate(bearer),
    async fromSession(token): Promise<Actor | null> {
      const found = await sessions.resolve(token)
      if (!found) return null
      const { member, session } = found
      // staff.role_id is a foreign key (ON DELETE RESTRICT): the role is there.
      const role = await roles.find(member.roleId)
      if (!role) return null
      return {
        type: 'staff',
        id: member.id,
        label: member.email,
        permissions: new Set(role.permissions),
        language: member.language,
        session: { ...session, member, role },
      }
    },
  }

  return {
    db,
    now,
    webauthn,
    audit,
    roles,
    throttle,
    factors,
    sessions,
    signIn,
    staff,
    apiKeys,
    resolver,
    /** Deletes sign-ins and sessions that can no longer be used (the hourly housekeeping). */
    async purgeExpired(): Promise<void> {
      await signIn.purge()
      await sessions.purge()
    },
  }
}

export type AdminServices = ReturnType<typeof createAdminServices>
