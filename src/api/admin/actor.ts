import type { StaffLanguage, StaffPermission } from '~/domain/staff-permissions'
import type { AuditActorType, StaffRow, StaffSessionRow } from '~/db/staff-schema'
import type { RoleView } from './roles.service'

/** A staff session as the request's lookup read it: the session's row, its staff member and their role. */
export type StaffSessionOfActor = StaffSessionRow & { member: StaffRow; role: RoleView }

/**
 * Who makes an admin call: a member of staff through a session, an API key, or the shop itself (the command line,
 * the start-up invite). `resolveActor` (guard.server.ts) makes it from a request; the commerce area's operator calls
 * will take it from there too (decision 174).
 */
export type Actor = {
  type: AuditActorType
  /** The staff id, the API key's id, or the command's name. */
  id: string
  /** What the audit log shows: the staff's e-mail, the key's name and public id, the command. */
  label: string
  permissions: ReadonlySet<StaffPermission>
  language: StaffLanguage
  /** A staff session's (with when its second factor was last given), read once per request: /me answers from it. */
  session?: StaffSessionOfActor
}

/** Who asked, from where, in which request: what every audited write records. */
export type AuditContext = { actor: Actor; ip: string | null; requestId: string | null }

/** The shop itself, for the command line and the start-up invite: every permission, audited as `system`. */
export function systemActor(id: string, permissions: Iterable<StaffPermission>): Actor {
  return { type: 'system', id, label: id, permissions: new Set(permissions), language: 'en' }
}
