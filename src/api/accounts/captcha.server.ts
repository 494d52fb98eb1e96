import { createChallenge, randomInt, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { lt } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/db/client.server'
import { captchaSpent } from '~/db/schema'
import { CAPTCHA_SOLUTION_MAX_LENGTH, CAPTCHA_TTL_SECONDS } from '~/domain/otp'
import type { Turnstile } from '~/api/providers/turnstile.server'
import { appSecret } from './crypto.server'

/**
 * What the shopper's browser must solve before a code is sent or checked once a connection looks like a bot (§5,
 * issue 15): a proof-of-work challenge the widget solves by itself (ALTCHA, no third party), or Cloudflare
 * Turnstile when the shop configures it.
 */
export type CaptchaPrompt = { kind: 'altcha'; challenge: AltchaChallenge } | { kind: 'turnstile'; siteKey: string }

/** The ALTCHA v2 challenge as the widget takes it (JSON). */
export type AltchaChallenge = Awaited<ReturnType<typeof createChallenge>>

/** The result of a check: solved, not solved (or used before), or the checker could not be reached. */
export type CaptchaVerdict = 'solved' | 'invalid' | 'unavailable'

export type CaptchaGate = {
  prompt(): Promise<CaptchaPrompt>
  check(solution: string, ip: string): Promise<CaptchaVerdict>
  /** Forgets spent challenges that can no longer be redeemed anyway. */
  purge(): Promise<void>
}

/**
 * PBKDF2 rounds per counter value and the range of the counter: the browser tries counters from 0 until the one
 * the server chose, so the work is about half the upper bound × the rounds (≈ 1 s on a mid-range phone with two
 * workers); the server checks one derived key (deterministic mode, a few milliseconds).
 */
export const ALTCHA_DEFAULT_COST = 2_000
export const ALTCHA_DEFAULT_MAX_COUNTER = 4_000

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal('PBKDF2/SHA-256'),
      nonce: z.string().max(128),
      salt: z.string().max(128),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().max(256),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }).passthrough(),
})

function parsePayload(solution: string): z.infer<typeof payloadSchema> | null {
  if (solution.length === 0 || solution.length > CAPTCHA_SOLUTION_MAX_LENGTH) return null
  try {
    const result = payloadSchema.safeParse(JSON.parse(Buffer.from(solution, 'base64').toString('utf8')))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

/**
 * Self-hosted proof of work (ALTCHA, docs/decisions/082): challenges are signed with a secret the shop keeps in its
 * database (shared by every instance), expire after ten minutes, and are redeemed once: the spent ones are
 * remembered in the database until they expire. ALTCHA checks expiry against the wall clock.
 */
export function createAltchaGate(options: { db: Db; cost?: number; maxCounter?: number }): CaptchaGate {
  const cost = options.cost ?? ALTCHA_DEFAULT_COST
  const maxCounter = options.maxCounter ?? ALTCHA_DEFAULT_MAX_COUNTER
  let secrets: Promise<{ signature: string; keySignature: string }> | null = null
  function keys() {
    secrets ??= Promise.all([appSecret(options.db, 'altcha-hmac'), appSecret(options.db, 'altcha-key-hmac')])
      .then(([signature, keySignature]) => ({ signature, keySignature }))
      .catch((error: unknown) => {
        secrets = null
        throw error
      })
    return secrets
  }
  return {
    async prompt() {
      const { signature, keySignature } = await keys()
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(maxCounter, Math.floor(maxCounter / 4)),
        deriveKey,
        expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      })
      return { kind: 'altcha', challenge }
    },
    async check(solution) {
      const payload = parsePayload(solution)
      if (!payload) return 'invalid'
      const { signature, keySignature } = await keys()
      const verified = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      }).then(
        (result) => result.verified,
        () => false,
      )
      if (!verified) return 'invalid'
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000)
      const [spent] = await options.db
        .insert(captchaSpent)
        .values({ challenge: payload.challenge.signature, expiresAt })
        .onConflictDoNothing()
        .returning({ challenge: captchaSpent.challenge })
      return spent ? 'solved' : 'invalid'
    },
    async purge() {
      await options.db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, new Date()))
    },
  }
}

/** Cloudflare Turnstile in place of the proof of work, when the shop configures it (TURNSTILE_SITE_KEY and secret). */
export function createTurnstileGate(turnstile: Turnstile): CaptchaGate {
  return {
    prompt: () => Promise.resolve({ kind: 'turnstile', siteKey: turnstile.siteKey }),
    async check(solution, ip) {
      const result = await turnstile.verify(solution, ip && ip !== 'unknown' ? ip : null)
      if (result.ok) return 'solved'
      return result.reason
    },
    purge: () => Promise.resolve(),
  }
}
