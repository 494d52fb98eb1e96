import { timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { BUILT_IN_ROLE_PERMISSIONS, grantsAll, type StaffPermission } from '~/domain/staff-permissions'
import { systemActor, type Actor, type AuditContext } from '~/api/admin/actor'
import type { AuditEntry, AuditLog, Tx } from '~/api/admin/audit.server'
import { auditDenial, requestIdOf, type ActorResolver } from '~/api/admin/guard.server'
import { ApiError } from '~/api/errors'
import { bearerToken, requestContext } from '~/api/http.server'

/** The actor id and label of the deprecated OPERATOR_TOKEN in the audit log (decision 174). */
export const OPERATOR_TOKEN_ACTOR = 'operator-token'

/** What the operator token may do while it is accepted: a manager's permissions (decision 174). */
const OPERATOR_TOKEN_PERMISSIONS = BUILT_IN_ROLE_PERMISSIONS.manager

/** A change of an operator call, recorded in the change's own transaction: what it was before and after. */
export type ChangeRecorder = (tx: Tx, change: { before?: unknown; after?: unknown }) => Promise<void>

export type OperatorAccessOptions = {
  /** The deprecated shared token (OPERATOR_TOKEN), or null when it is not set. */
  operatorToken: string | null
  /** The admin API's resolver: an API key (`sk_…`) as an actor with its role's permissions. */
  resolver: Pick<ActorResolver, 'fromApiKey'>
  audit: Pick<AuditLog, 'record' | 'recordDenial'>
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** An operator call let through: who made it, and the recorder of its change for the service's transaction. */
export type OperatorCall = AuditContext & {
  /** The audit entry of this call's change, written through the change's transaction. */
  recorder(entry: Omit<AuditEntry, 'before' | 'after'>): ChangeRecorder
}

/**
 * Who may call the product API's back-office routes (`/operator/…`, decision 174): an API key (`Authorization: Bearer
 * sk_…`) whose role holds the permissions the route needs, or, while it is set, the deprecated OPERATOR_TOKEN as the
 * `system` actor `operator-token` with a manager's permissions. Without either: 401; without the permission: 403
 * PERMISSION_DENIED, audited like the admin API's denials (decision 179). Every answer names its request id
 * (X-Request-Id), which the call's audit entry records.
 */
export function operatorAccess(options: OperatorAccessOptions) {
  async function actorOf(c: Context): Promise<Actor | null> {
    const bearer = bearerToken(c)
    if (!bearer) return null
    if (options.operatorToken && sameSecret(bearer, options.operatorToken)) {
      return systemActor(OPERATOR_TOKEN_ACTOR, OPERATOR_TOKEN_PERMISSIONS)
    }
    return options.resolver.fromApiKey(bearer)
  }

  return {
    /** The call's actor and audit context when it holds `needs`; else 401 or 403 (that one audited). */
    async require(c: Context, operationId: string, needs: readonly StaffPermission[]): Promise<OperatorCall> {
      const requestId = requestIdOf(c)
      c.header('X-Request-Id', requestId)
      const actor = await actorOf(c)
      if (!actor) throw new ApiError(401, 'UNAUTHENTICATED', 'An API key is required (Authorization: Bearer sk_…)')
      if (!grantsAll(actor.permissions, needs)) {
        const error = new ApiError(403, 'PERMISSION_DENIED', `The key’s role lacks ${needs.join(', ')}`)
        await auditDenial(c, options.audit, actor, requestId, { operationId, needs }, error)
        throw error
      }
      const context: AuditContext = { actor, ip: requestContext(c).ip, requestId }
      return {
        ...context,
        recorder: (entry) => (tx, change) => options.audit.record(tx, context, { ...entry, ...change }),
      }
    },
  }
}

export type OperatorAccess = ReturnType<typeof operatorAccess>

/**
 * What an operator route's OpenAPI operation says of its caller: the permissions it needs (`x-permissions`, as the
 * admin document writes them) in its description, and its refusals.
 */
export function operatorDoc(needs: readonly StaffPermission[], description?: string) {
  return {
    description: [
      description,
      `Needs ${needs.map((permission) => `\`${permission}\``).join(', ')}: an API key of a role that holds it (or the deprecated OPERATOR_TOKEN, with a manager’s permissions). The change is audited.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    'x-permissions': [...needs],
  }
}
