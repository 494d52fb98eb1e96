import type { StaffLanguage, StaffPermission } from '~/domain/staff-permissions'
import type { AuditActorType } from '~/db/staff-schema'

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
  /** A staff session's id and when its second factor was last given. */
  session?: { id: string; staffId: string; secondFactorAt: Date }
}

/** Who asked, from where, in which request: what every audited write records. */
export type AuditContext = { actor: Actor; ip: string | null; requestId: string | null }

/** The shop itself, for the command line and the start-up invite: every permission, audited as `system`. */
export function systemActor(id: string, permissions: Iterable<StaffPermission>): Actor {
  return { type: 'system', id, label: id, permissions: new Set(permissions), language: 'en' }
}
