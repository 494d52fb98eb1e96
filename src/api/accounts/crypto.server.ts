import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { appSecrets } from '~/db/schema'
import { OTP_LENGTH } from '~/domain/otp'

/** A random token of `bytes` bytes (sessions: 32 bytes = 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** Tokens are stored only as their SHA-256: a leaked table does not log anybody in. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

/** The reference code shown beside the input and in the message, so the shopper can match them. */
export function generateRefCode(length = 4): string {
  let ref = ''
  for (let i = 0; i < length; i++) ref += REF_ALPHABET[randomInt(0, REF_ALPHABET.length)]
  return ref
}

/** HMAC of a code bound to its challenge: a six-digit code alone is too easy to reverse from a plain hash. */
export function codeHash(key: string, challengeId: string, code: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex')
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * A secret the app makes for itself on first use and keeps in the database, so that every instance
 * shares it and a restart keeps it.
 */
export async function appSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomToken(32) })
    .onConflictDoNothing()
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  if (!row) throw new Error(`Secret ${name} could not be created`)
  return row.value
}
