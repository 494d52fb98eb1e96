import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import type { Db } from '~/db/client.server'
import { members } from '~/db/schema'
import { quickPassCheckSchema, quickPassSchema, quickPassVerifyBody, type QuickPassCheck } from '~/contract/accounts'
import { security, bearerToken, body, createSubApp, json, refused } from '~/api/http.server'
import type { SessionService } from './sessions.service'
import { appSecret, randomToken } from './crypto.server'

/** How long a quick pass code is valid: short, so that a photo of someone's code is soon worthless. */
export const QUICK_PASS_TTL_SECONDS = 300
/** The name of the signing secret in `app_secrets`; the HS256 key is the UTF-8 bytes of its value. */
export const QUICK_PASS_SECRET_NAME = 'quick-pass'
export const QUICK_PASS_ISSUER = 'storefront'
export const QUICK_PASS_AUDIENCE = 'store-device'
const ALGORITHM = 'HS256'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type QuickPassRoutesOptions = {
  db: Db
  sessions: SessionService
  /** The clock (tests); the real time by default. */
  now?: () => Date
}

/** The HS256 key of a quick pass secret. */
export function quickPassKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret)
}

/**
 * The member's pass for in-store use: a short-lived signed token with name and tier that the storefront
 * shows as a QR code, and the check a store device makes of a scanned one.
 */
export function createQuickPassRoutes(options: QuickPassRoutesOptions) {
  const { db, sessions } = options
  const now = options.now ?? (() => new Date())
  const app = createSubApp()

  // Read once per app; a failed read is not kept, so that the next request tries again.
  let key: Promise<Uint8Array> | null = null
  function signingKey(): Promise<Uint8Array> {
    if (!key) {
      const pending = appSecret(db, QUICK_PASS_SECRET_NAME).then(quickPassKey)
      pending.catch(() => {
        if (key === pending) key = null
      })
      key = pending
    }
    return key
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/quick-pass',
      operationId: 'getQuickPass',
      summary: 'A signed member token for in-store use, valid for five minutes',
      security: security.member,
      responses: { 200: json(quickPassSchema, 'The pass'), 401: refused('Not logged in') },
    }),
    async (c) => {
      const member = await sessions.requireMember(bearerToken(c))
      const issuedAt = Math.floor(now().getTime() / 1000)
      const expiresAt = issuedAt + QUICK_PASS_TTL_SECONDS
      const token = await new SignJWT({ name: member.fullname, tier: member.tier })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(member.id)
        .setIssuer(QUICK_PASS_ISSUER)
        .setAudience(QUICK_PASS_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setJti(randomToken(16))
        .sign(await signingKey())
      return c.json(
        { token, expires_at: new Date(expiresAt * 1000).toISOString(), name: member.fullname, tier: member.tier },
        200,
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/quick-pass/verify',
      operationId: 'verifyQuickPass',
      security: security.none,
      summary: 'Check a scanned quick pass: the member’s current name and tier, or why it is refused',
      request: body(quickPassVerifyBody),
      responses: {
        200: json(quickPassCheckSchema, 'valid with the member, or valid: false with a reason'),
        400: refused('No token'),
      },
    }),
    async (c) => {
      const check = await verifyQuickPass(c.req.valid('json').token)
      return c.json(check, 200)
    },
  )

  async function verifyQuickPass(token: string): Promise<QuickPassCheck> {
    const secret = await signingKey()
    let memberId: string
    let expiresAt: number
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: [ALGORITHM],
        issuer: QUICK_PASS_ISSUER,
        audience: QUICK_PASS_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        currentDate: now(),
      })
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.exp !== 'number') {
        return { valid: false, reason: 'invalid' }
      }
      memberId = payload.sub
      expiresAt = payload.exp
    } catch (error) {
      // Every malformed, forged or foreign token is just not valid; only a genuine one past its time is 'expired'.
      return { valid: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' }
    }
    const [member] = await db
      .select({ id: members.id, fullname: members.fullname, tier: members.tier })
      .from(members)
      .where(eq(members.id, memberId))
    if (!member) return { valid: false, reason: 'invalid' }
    return {
      valid: true,
      member_id: member.id,
      name: member.fullname,
      tier: member.tier,
      expires_at: new Date(expiresAt * 1000).toISOString(),
    }
  }

  return app
}
