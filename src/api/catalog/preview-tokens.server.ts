import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import type { Db } from '~/db/client.server'
import { appSecret } from '~/api/accounts/crypto.server'

/** The app secret under which preview tokens are signed (made on first use, shared by the instances like the others). */
const PREVIEW_SECRET = 'product-preview-key'
const AUDIENCE = 'product-preview'

/** How long a preview link opens the product page of a model that is not published (decision 195). */
export const PREVIEW_TOKEN_SECONDS = 30 * 60

/**
 * Preview tokens (issue 32 item 1, decision 195): the admin API signs one for a model (HS256, the family id as its
 * subject, 30 minutes); the product API's product read takes it as `?preview=` and then shows that model whatever its
 * status, answered `Cache-Control: private, no-store` so no cache keeps it. Nothing else is unlocked by it.
 */
export class PreviewTokens {
  private key: Promise<Uint8Array> | null = null

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private keyBytes(): Promise<Uint8Array> {
    this.key ??= appSecret(this.db, PREVIEW_SECRET)
      .then((value) => new Uint8Array(Buffer.from(value, 'base64url')))
      .catch((error: unknown) => {
        this.key = null
        throw error
      })
    return this.key
  }

  async issue(familyId: string, staffId: string): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(this.now().getTime() / 1000)
    const expiresAt = new Date((issuedAt + PREVIEW_TOKEN_SECONDS) * 1000)
    const token = await new SignJWT({ staff: staffId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(familyId)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + PREVIEW_TOKEN_SECONDS)
      .sign(await this.keyBytes())
    return { token, expiresAt }
  }

  /** The family a token opens, or null for a token that is not ours, was altered or has expired. */
  async verify(token: string): Promise<{ familyId: string } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.keyBytes(), {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        currentDate: this.now(),
      })
      return typeof payload.sub === 'string' ? { familyId: payload.sub } : null
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null
      throw error
    }
  }
}
