import { randomUUID } from 'node:crypto'
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { getCookie } from 'hono/cookie'
import {
  STAFF_ONLY_PERMISSIONS,
  grantsAll,
  needsStepUp,
  type StaffLanguage,
  type StaffPermission,
} from '~/domain/staff-permissions'
import { assertSteppedUp } from './step-up.server'
import { ApiError } from '~/api/errors'
import {
  bearerToken,
  errorResponse,
  issueFields,
  refused,
  requestContext,
  serverErrorResponse,
  unstorableTextPath,
} from '~/api/http.server'
import { logApiError } from '~/api/error-log.server'
import type { Actor, AuditContext, StaffSessionOfActor } from './actor'
import type { Denial } from './audit.server'
import { languageOfRequest, staffMessage } from './messages'

/** What the admin app keeps per request. */
export type AdminEnv = {
  Variables: {
    requestId: string
    actor: Actor | null
    language: StaffLanguage
    /** Where a refused call is recorded (the audit log, decision 179). */
    denials: DenialRecorder
  }
}

/** Records a refused call of an operation (decision 179): `AuditLog.recordDenial`. */
export type DenialRecorder = { recordDenial(context: AuditContext, denial: Denial): Promise<boolean> }

/**
 * The refusals that are a denial of the caller's rights, each audited (decision 179): a role without the
 * permission, or an API key where only staff may act. STEP_UP_REQUIRED is not one (the role holds the permission;
 * it is the back office's ordinary prompt for the second factor, and the step-up that follows is itself an entry),
 * nor are 401 (no actor to name) and CSRF_REJECTED (another site's page, not the caller's choice).
 */
export const AUDITED_DENIALS: ReadonlySet<string> = new Set(['PERMISSION_DENIED', 'STAFF_ONLY'])

/** The request's path below its store (`/api/admin/demo/staff/1` → `/staff/1`): the entity a refused call aimed at. */
export function pathBelowStore(url: string): string {
  return new URL(url).pathname.replace(/^\/api\/(?:admin|public)\/[^/]+/, '') || '/'
}

/**
 * Audits a refusal when it is a denial of an actor's rights; a failure to write it is logged and the refusal still
 * answered (the 403 is right whatever the log).
 */
export async function auditDenial(
  c: Context,
  recorder: DenialRecorder,
  actor: Actor | null,
  requestId: string | null,
  operation: { operationId: string; needs: readonly string[] },
  error: unknown,
): Promise<void> {
  if (!actor || !(error instanceof ApiError) || error.status !== 403 || !AUDITED_DENIALS.has(error.reason)) return
  try {
    await recorder.recordDenial(
      { actor, ip: requestContext(c).ip, requestId },
      {
        operationId: operation.operationId,
        method: c.req.method,
        path: pathBelowStore(c.req.url),
        reason: error.reason,
        needs: operation.needs,
      },
    )
  } catch (failure) {
    logApiError(
      { error: failure instanceof Error ? failure.message : String(failure), operation: operation.operationId },
      'Admin API: a denial could not be audited',
    )
  }
}

/**
 * Who may call an operation, as its route declares it: anyone (sign-in), the holder of an invitation's token, any
 * signed-in staff member or API key, staff only (a session: step-up, own sessions), or the holders of permissions,
 * with the second factor given within 5 minutes where the permissions are money, permission, key or export ones.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'invite' }
  | { kind: 'signed_in'; sessionOnly?: boolean; stepUp?: boolean }
  | { kind: 'permission'; permissions: StaffPermission[]; stepUp?: boolean }

export const INVITE_TOKEN_HEADER = 'x-invite-token'
export const STAFF_REQUEST_HEADER = 'x-staff-request'

export function staffCookieName(secure: boolean): string {
  return secure ? '__Host-staff' : 'staff'
}

/** Resolves the actor of a request: an API key (Bearer) or a staff session (the cookie). */
export type ActorResolver = {
  fromApiKey(bearer: string): Promise<Actor | null>
  fromSession(token: string): Promise<Actor | null>
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A request id the request log keeps too (src/server/ops/redact.ts): no spaces, quotes or `@`, 128 at most. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** A request's id: a valid incoming X-Request-Id (the request log keeps the same), else a new one. */
export function requestIdOf(c: Context): string {
  const incoming = c.req.header('x-request-id')
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * Per request: a request id (a valid incoming X-Request-Id, else a new one; sent back as X-Request-Id), the actor (an
 * API key by `Authorization: Bearer sk_…`, else the staff cookie's session) and the caller's language. An unsafe call
 * made with the staff cookie must come from the back office itself (CSRF): Sec-Fetch-Site same-origin, an Origin of
 * the shop, or the X-Staff-Request header a page sets and another site cannot send without a preflight.
 */
export function adminRequestMiddleware(options: {
  resolver: ActorResolver
  cookieName: string
  origins: readonly string[]
  denials: DenialRecorder
}): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const requestId = requestIdOf(c)
    c.set('requestId', requestId)
    c.set('language', languageOfRequest(c.req.header('accept-language')))
    c.set('actor', null)
    c.set('denials', options.denials)
    try {
      const bearer = bearerToken(c)
      const cookie = bearer ? null : (getCookie(c, options.cookieName) ?? null)
      if (cookie && UNSAFE.has(c.req.method)) {
        const site = c.req.header('sec-fetch-site')
        const origin = c.req.header('origin')
        const sameOrigin =
          c.req.header(STAFF_REQUEST_HEADER) === '1' ||
          site === 'same-origin' ||
          (origin !== undefined && options.origins.includes(origin))
        if (!sameOrigin) throw new ApiError(403, 'CSRF_REJECTED', 'This request did not come from the back office')
      }
      const actor = bearer
        ? await options.resolver.fromApiKey(bearer)
        : cookie
          ? await options.resolver.fromSession(cookie)
          : null
      if (actor) {
        c.set('actor', actor)
        if (actor.type === 'staff') c.set('language', actor.language)
      }
      await next()
    } finally {
      c.header('X-Request-Id', requestId)
    }
  }
}

/** The check a route declares (`requirePermission`): 401 without an actor, 403 with a reason the page can act on. */
export function requireAccess(access: Access, now: () => Date): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (access.kind === 'public' || access.kind === 'invite') return next()
    const actor = c.get('actor')
    if (!actor) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in first')
    if (access.kind === 'signed_in') {
      if (access.sessionOnly && !actor.session)
        throw new ApiError(403, 'STAFF_ONLY', 'Only signed-in staff can do this')
      if (access.stepUp && actor.session) assertSteppedUp(actor.session.secondFactorAt, now())
      return next()
    }
    if (actor.type === 'api_key' && access.permissions.some((permission) => STAFF_ONLY_PERMISSIONS.has(permission))) {
      throw new ApiError(403, 'STAFF_ONLY', 'Only signed-in staff can do this, not an API key')
    }
    if (!grantsAll(actor.permissions, access.permissions)) {
      throw new ApiError(403, 'PERMISSION_DENIED', `Your role lacks ${access.permissions.join(', ')}`)
    }
    if (access.stepUp && actor.session) assertSteppedUp(actor.session.secondFactorAt, now())
    return next()
  }
}

/** `requirePermission('staff:manage')`: the route's guard; step-up when the permissions need it and the call changes. */
/** The refusals every permission-checked operation may answer, as its OpenAPI responses describe them. */
export const DENIED = {
  401: refused('Not signed in'),
  403: refused('The role lacks the permission (PERMISSION_DENIED)'),
}

export function requirePermission(...permissions: StaffPermission[]): Access {
  return { kind: 'permission', permissions, stepUp: needsStepUp(permissions) }
}

const SECURITY: Record<'public' | 'invite' | 'session' | 'any', Array<Record<string, string[]>>> = {
  public: [],
  invite: [{ inviteToken: [] }],
  session: [{ staffSession: [] }],
  any: [{ staffSession: [] }, { apiKey: [] }],
}

/**
 * An admin operation: its route with the guard as middleware, and in the OpenAPI document its security, the
 * permissions it needs (`x-permissions`), whether it asks for step-up (`x-step-up`) and both in its description.
 */
export function adminRoute<R extends RouteConfig>(
  route: R & { access: Access },
  now: () => Date,
): R & { middleware: MiddlewareHandler<AdminEnv> } {
  const { access, ...rest } = route
  const readOnly = route.method === 'get' || route.method === 'head'
  const permissions = access.kind === 'permission' ? access.permissions : []
  const stepUp =
    (access.kind === 'permission' && access.stepUp === true && (!readOnly || permissions.includes('exports:run'))) ||
    (access.kind === 'signed_in' && access.stepUp === true && !readOnly)
  const effective: Access = access.kind === 'permission' || access.kind === 'signed_in' ? { ...access, stepUp } : access
  const staffOnly =
    (access.kind === 'signed_in' && access.sessionOnly === true) ||
    permissions.some((permission) => STAFF_ONLY_PERMISSIONS.has(permission))
  const security =
    access.kind === 'public'
      ? SECURITY.public
      : access.kind === 'invite'
        ? SECURITY.invite
        : staffOnly
          ? SECURITY.session
          : SECURITY.any
  const needs =
    access.kind === 'permission'
      ? `Needs ${permissions.map((permission) => `\`${permission}\``).join(', ')}${stepUp ? ', with the second factor given within 5 minutes (step-up)' : ''}${staffOnly ? '; staff sessions only' : ''}.`
      : access.kind === 'signed_in'
        ? `Any signed-in ${staffOnly ? 'staff member' : 'staff member or API key'}${stepUp ? ', with the second factor given within 5 minutes (step-up)' : ''}.`
        : access.kind === 'invite'
          ? 'The invitation’s token in X-Invite-Token.'
          : 'Open to anyone.'
  return {
    ...(rest as unknown as R),
    security,
    description: [route.description, needs].filter(Boolean).join('\n\n'),
    'x-permissions': permissions,
    'x-step-up': stepUp,
    middleware: auditedAccess(requireAccess(effective, now), {
      operationId: route.operationId ?? '',
      needs: permissions,
    }),
  }
}

/**
 * The guard of an operation, with its denials audited (decision 179): the guard's own refusal, or one a service
 * gives later in the request (a role given beyond the giver's, say), once the sub-app has answered it.
 */
function auditedAccess(
  guard: MiddlewareHandler<AdminEnv>,
  operation: { operationId: string; needs: readonly string[] },
): MiddlewareHandler<AdminEnv> {
  const audit = (c: Context<AdminEnv>, error: unknown) =>
    auditDenial(c, c.get('denials'), c.get('actor'), c.get('requestId'), operation, error)
  return async (c, next) => {
    try {
      await guard(c, next)
    } catch (error) {
      await audit(c, error)
      throw error
    }
    if (c.error) await audit(c, c.error)
  }
}

export { createRoute }

/** The actor of a guarded route (the guard made sure there is one). */
export function actorOf(c: Context<AdminEnv>): Actor {
  const actor = c.get('actor')
  if (!actor) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in first')
  return actor
}

/** The staff session of a route for staff sessions only (the guard made sure there is one). */
export function sessionOf(c: Context<AdminEnv>): StaffSessionOfActor {
  const session = actorOf(c).session
  if (!session) throw new ApiError(403, 'STAFF_ONLY', 'Only signed-in staff can do this')
  return session
}

export function clientOf(c: Context<AdminEnv>) {
  const { ip, userAgent } = requestContext(c)
  return { ip, userAgent: userAgent ?? null, requestId: c.get('requestId') }
}

export function auditContextOf(c: Context<AdminEnv>): AuditContext {
  const { ip } = requestContext(c)
  return { actor: actorOf(c), ip, requestId: c.get('requestId') }
}

/** A refusal in the caller's language. */
export function adminErrorResponse(c: Context<AdminEnv>, error: ApiError): Response {
  const language = c.get('language') ?? 'th'
  return errorResponse(
    c,
    new ApiError(
      error.status,
      error.reason,
      staffMessage(error.reason, language, error.message, error.details.fields),
      error.details,
    ),
  )
}

/** A sub-app of the admin API: input errors as field codes, refusals as ApiErrors in the staff's language. */
export function createAdminSubApp() {
  const app = new OpenAPIHono<AdminEnv>({
    strict: false,
    defaultHook: (result, c) => {
      if (!result.success) {
        const input = (result as { data?: unknown }).data
        const fields = issueFields(result.error.issues, input)
        return adminErrorResponse(c, new ApiError(400, 'INVALID_INPUT', 'Invalid request', { fields }))
      }
      const unstorable = unstorableTextPath(result.data)
      if (unstorable) {
        return adminErrorResponse(
          c,
          new ApiError(400, 'INVALID_INPUT', 'Invalid request', { fields: { [unstorable]: 'invalid' } }),
        )
      }
      return undefined
    },
  })
  app.onError((error, c) => adminOnError(error, c))
  return app
}

export function adminOnError(error: Error, c: Context<AdminEnv>): Response {
  if (error instanceof ApiError) return adminErrorResponse(c, error)
  // The request's own fault found before validation: malformed JSON (400), a body that is not JSON (415); in the
  // caller's language like every other refusal.
  if (error instanceof HTTPException && error.status < 500) {
    const reason = error.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INVALID_INPUT'
    const message = staffMessage(reason, c.get('language') ?? 'th', error.message || 'Invalid request')
    return c.json({ code: error.status, message, reason }, error.status)
  }
  return serverErrorResponse(c, error)
}
