import { createHash } from 'node:crypto'
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type JWTHeaderParameters,
  type FlattenedJWSInput,
} from 'jose'
import { z } from 'zod'

/** The `iss` LINE documents for every ID token, independent of which host served the login. */
const LINE_ISSUER = 'https://access.line.me'
const DEFAULT_AUTH_BASE_URL = 'https://access.line.me'
const DEFAULT_API_BASE_URL = 'https://api.line.me'
const DEFAULT_SCOPE = 'profile openid email'
const DEFAULT_TIMEOUT_MS = 10_000
/** Seconds of clock skew tolerated on `exp`/`iat`/`nbf`: small, so a leaked token cannot be replayed for long. */
const CLOCK_TOLERANCE_S = 5
const ALLOWED_ALGORITHMS = ['HS256', 'ES256'] as const

/** Which check an ID token failed, so callers and logs can tell an attack from a misconfiguration. */
export type LineIdTokenFailure =
  'alg' | 'kid' | 'iss' | 'aud' | 'exp' | 'iat' | 'nbf' | 'sub' | 'nonce' | 'signature' | 'format' | 'claims'

/** Error codes callers branch on: a bad token is the user's problem, an outage is ours to retry. */
export type LineLoginErrorCode = 'INVALID_ID_TOKEN' | 'TOKEN_EXCHANGE_FAILED' | 'UNAVAILABLE'

/** One error type for the adapter so route handlers map LINE failures without knowing jose or fetch internals. */
export class LineLoginError extends Error {
  override readonly name = 'LineLoginError'
  readonly code: LineLoginErrorCode
  /** HTTP status from LINE, when there was a response. */
  readonly status: number | undefined
  /** LINE's OAuth `error` code (e.g. `invalid_grant`), when LINE sent one. */
  readonly lineError: string | undefined
  /** Which ID token check failed, for INVALID_ID_TOKEN. */
  readonly reason: LineIdTokenFailure | undefined

  constructor(
    code: LineLoginErrorCode,
    message: string,
    details: { status?: number; lineError?: string; reason?: LineIdTokenFailure; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.status = details.status
    this.lineError = details.lineError
    this.reason = details.reason
  }
}

/** Adapter settings; the base URLs and fetch are injectable so tests can point at a loopback fake. */
export type LineLoginConfig = {
  channelId: string
  channelSecret: string
  /** Default https://access.line.me */
  authBaseUrl?: string
  /** Default https://api.line.me */
  apiBaseUrl?: string
  timeoutMs?: number
  fetch?: typeof fetch
}

/** Profile claims taken from a verified ID token; LINE omits name/picture/email when the scope or user withheld them. */
export type LineIdentity = { sub: string; name: string | null; picture: string | null; email: string | null }

/** Tokens from a successful code exchange; the refresh token is deliberately not surfaced since we only log users in. */
export type LineTokenSet = { accessToken: string; idToken: string; expiresIn: number; scope: string }

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
}

/** Unguessable values for OAuth `state`, `nonce` and similar one-time secrets. */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 16 || bytes > 1024) throw new RangeError('randomToken needs 16 to 1024 bytes')
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** PKCE (RFC 7636, S256) so a stolen authorization code is useless without the verifier kept in our session. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomToken(32) // 43 chars of the unreserved set, as RFC 7636 §4.1 requires
  const challenge = createHash('sha256').update(verifier, 'ascii').digest('base64url')
  return { verifier, challenge }
}

function trimBase(url: string): string {
  const parsed = new URL(url) // throws early on a misconfigured base URL
  return parsed.href.replace(/\/+$/, '')
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  refresh_token: z.string().optional(),
  expires_in: z.number().int().positive(),
  scope: z.string(),
  id_token: z.string().min(1),
})

/** What LINE's verify endpoint returns for a valid ID token (https://developers.line.biz/en/reference/line-login/#verify-id-token). */
const verifiedIdTokenSchema = z.object({
  iss: z.string(),
  sub: z.string().min(1),
  aud: z.string(),
  exp: z.number(),
  iat: z.number(),
  name: z.string().optional(),
  picture: z.string().optional(),
  email: z.string().optional(),
})

const errorResponseSchema = z.object({ error: z.string(), error_description: z.string().optional() })

const idTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  nonce: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
  email: z.string().optional(),
})

/** LINE's error codes are short snake_case words; anything else is replaced so a message never echoes input. */
function safeErrorCode(value: string): string {
  return /^[a-z0-9_]{1,64}$/i.test(value) ? value : 'unknown_error'
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a)
  const right = new TextEncoder().encode(b)
  if (left.length !== right.length) return false
  let diff = 0
  for (let i = 0; i < left.length; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0)
  return diff === 0
}

function invalidToken(reason: LineIdTokenFailure): LineLoginError {
  return new LineLoginError('INVALID_ID_TOKEN', `ID token invalid ${reason}`, { reason })
}

/** Translates jose's errors into the adapter's vocabulary; the original is dropped since it may carry the claims. */
function mapJoseError(error: unknown): LineLoginError {
  if (error instanceof LineLoginError) return error
  if (error instanceof errors.JOSEAlgNotAllowed) return invalidToken('alg')
  if (error instanceof errors.JWSSignatureVerificationFailed) return invalidToken('signature')
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return invalidToken('kid')
  }
  if (error instanceof errors.JWTExpired) return invalidToken(error.claim === 'iat' ? 'iat' : 'exp')
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = error.claim
    if (
      claim === 'iss' ||
      claim === 'aud' ||
      claim === 'exp' ||
      claim === 'iat' ||
      claim === 'nbf' ||
      claim === 'sub'
    ) {
      return invalidToken(claim)
    }
    return invalidToken('claims')
  }
  return invalidToken('format')
}

/** A LINE Login v2.1 client: builds the consent URL, redeems the code and verifies the ID token. */
export function createLineLogin(config: LineLoginConfig) {
  if (!config.channelId) throw new TypeError('LINE channelId is required')
  if (!config.channelSecret) throw new TypeError('LINE channelSecret is required')
  const authBase = trimBase(config.authBaseUrl ?? DEFAULT_AUTH_BASE_URL)
  const apiBase = trimBase(config.apiBaseUrl ?? DEFAULT_API_BASE_URL)
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const fetchImpl = config.fetch ?? globalThis.fetch
  const hmacKey = new TextEncoder().encode(config.channelSecret)

  // Once per adapter so the key set is cached and refetched only on an unknown kid (after jose's cooldown).
  const remoteJwks = createRemoteJWKSet(new URL(`${apiBase}/oauth2/v2.1/certs`), {
    timeoutDuration: timeoutMs,
    [customFetch]: fetchImpl,
  })

  async function es256Key(header: JWTHeaderParameters, token: FlattenedJWSInput) {
    try {
      return await remoteJwks(header, token)
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
        throw invalidToken('kid')
      }
      // Network failure, timeout, non-200 or an unparsable key set: LINE's side, worth retrying.
      throw new LineLoginError('UNAVAILABLE', 'LINE key set unavailable', { cause: error })
    }
  }

  /**
   * POSTs a form to LINE's API and reads the JSON answer (undefined when it is not JSON). No answer, a timeout, a
   * 5xx or a 429 is UNAVAILABLE (LINE's side, worth retrying); fetch's errors describe the connection (e.g.
   * ECONNREFUSED), never the request body with its secrets.
   */
  async function postForm(
    path: string,
    body: URLSearchParams,
    endpoint: string,
  ): Promise<{ response: Response; json: unknown }> {
    let response: Response
    let text: string
    try {
      response = await fetchImpl(`${apiBase}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      throw new LineLoginError('UNAVAILABLE', timedOut ? `${endpoint} timed out` : `${endpoint} unreachable`, {
        cause: error,
      })
    }
    if (response.status >= 500 || response.status === 429) {
      throw new LineLoginError('UNAVAILABLE', `${endpoint} answered ${response.status}`, { status: response.status })
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { response, json }
  }

  return {
    /** The URL to send the browser to; state, nonce and the PKCE challenge must be kept server-side to check later. */
    authorizationUrl(options: {
      redirectUri: string
      state: string
      nonce: string
      codeChallenge: string
      scope?: string
      uiLocales?: string
      botPrompt?: 'normal' | 'aggressive'
    }): string {
      if (!options.state || !options.nonce) throw new TypeError('state and nonce are required')
      if (!/^[A-Za-z0-9_-]{43}$/.test(options.codeChallenge)) {
        throw new TypeError('codeChallenge must be a base64url SHA-256 digest')
      }
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: config.channelId,
        redirect_uri: options.redirectUri,
        state: options.state,
        scope: options.scope ?? DEFAULT_SCOPE,
        nonce: options.nonce,
        code_challenge: options.codeChallenge,
        code_challenge_method: 'S256',
      })
      if (options.uiLocales) params.set('ui_locales', options.uiLocales)
      if (options.botPrompt) params.set('bot_prompt', options.botPrompt)
      // URLSearchParams writes spaces as '+'; LINE's examples use %20, and a literal '+' is already %2B.
      return `${authBase}/oauth2/v2.1/authorize?${params.toString().replaceAll('+', '%20')}`
    },

    /** Redeems the authorization code; the verifier proves we started this login. */
    async exchangeCode(options: { code: string; redirectUri: string; codeVerifier: string }): Promise<LineTokenSet> {
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code: options.code,
        redirect_uri: options.redirectUri,
        client_id: config.channelId,
        client_secret: config.channelSecret,
        code_verifier: options.codeVerifier,
      })
      const { response, json } = await postForm('/oauth2/v2.1/token', body, 'LINE token endpoint')

      if (!response.ok) {
        const parsed = errorResponseSchema.safeParse(json)
        const lineError = parsed.success ? safeErrorCode(parsed.data.error) : 'unknown_error'
        throw new LineLoginError(
          'TOKEN_EXCHANGE_FAILED',
          `LINE token exchange failed: ${response.status} ${lineError}`,
          {
            status: response.status,
            lineError,
          },
        )
      }

      const parsed = tokenResponseSchema.safeParse(json)
      if (!parsed.success) {
        // Only the failing field names are reported, never their values (they are tokens).
        const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))].join(', ')
        throw new LineLoginError('TOKEN_EXCHANGE_FAILED', `LINE token response malformed: ${fields}`, {
          status: response.status,
          lineError: 'invalid_response',
        })
      }
      return {
        accessToken: parsed.data.access_token,
        idToken: parsed.data.id_token,
        expiresIn: parsed.data.expires_in,
        scope: parsed.data.scope,
      }
    },

    /**
     * The LIFF login (§4): the ID token `liff.getIDToken()` gave the browser, checked by LINE's verify endpoint (LINE's
     * documented way for LIFF, whichever key signed it), then its issuer, audience (our channel) and expiry again here.
     */
    async verifyLiffIdToken(idToken: string): Promise<LineIdentity> {
      if (!idToken || idToken.length > 8192) throw invalidToken('format')
      const { response, json } = await postForm(
        '/oauth2/v2.1/verify',
        new URLSearchParams({ id_token: idToken, client_id: config.channelId }),
        'LINE verify endpoint',
      )
      if (!response.ok) {
        // LINE says why in words: 'IdToken expired.', 'Invalid IdToken Audience.', 'Invalid IdToken.'.
        const parsed = errorResponseSchema.safeParse(json)
        const description = parsed.success ? (parsed.data.error_description ?? '') : ''
        if (/expired/i.test(description)) throw invalidToken('exp')
        if (/audience/i.test(description)) throw invalidToken('aud')
        if (/issuer/i.test(description)) throw invalidToken('iss')
        throw invalidToken('signature')
      }
      const claims = verifiedIdTokenSchema.safeParse(json)
      if (!claims.success) throw invalidToken('claims')
      if (claims.data.iss !== LINE_ISSUER) throw invalidToken('iss')
      if (claims.data.aud !== config.channelId) throw invalidToken('aud')
      if (claims.data.exp + CLOCK_TOLERANCE_S < Math.floor(Date.now() / 1000)) throw invalidToken('exp')
      return {
        sub: claims.data.sub,
        name: claims.data.name ?? null,
        picture: claims.data.picture ?? null,
        email: claims.data.email ?? null,
      }
    },

    /** Checks the ID token is LINE's, for our channel, fresh and tied to this login's nonce before trusting its `sub`. */
    async verifyIdToken(idToken: string, options: { nonce: string }): Promise<LineIdentity> {
      if (!options.nonce) throw new TypeError('nonce is required')
      let payload: unknown
      try {
        const result = await jwtVerify(
          idToken,
          async (header, token) => {
            // Key choice is driven by alg, and each alg has exactly one key source: no HS/ES key confusion.
            if (header.alg === 'HS256') return hmacKey
            if (header.alg === 'ES256') return es256Key(header, token)
            throw invalidToken('alg')
          },
          {
            algorithms: [...ALLOWED_ALGORITHMS],
            issuer: LINE_ISSUER,
            audience: config.channelId,
            clockTolerance: CLOCK_TOLERANCE_S,
            requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
          },
        )
        payload = result.payload
      } catch (error) {
        throw mapJoseError(error)
      }

      const claims = idTokenClaimsSchema.safeParse(payload)
      if (!claims.success) throw invalidToken('claims')
      if (claims.data.nonce === undefined || !constantTimeEqual(claims.data.nonce, options.nonce)) {
        throw invalidToken('nonce')
      }
      return {
        sub: claims.data.sub,
        name: claims.data.name ?? null,
        picture: claims.data.picture ?? null,
        email: claims.data.email ?? null,
      }
    },
  }
}

/** The adapter's shape, for dependency injection in route handlers and tests. */
export type LineLogin = ReturnType<typeof createLineLogin>
