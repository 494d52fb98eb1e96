import { randomInt } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { Secret, TOTP } from 'otpauth'
import type { Db } from '~/db/client.server'
import { staffPasskeys, staffRecoveryCodes, staffTotp } from '~/db/staff-schema'
import { RECOVERY_CODE_COUNT } from '~/domain/staff-permissions'
import { sha256 } from '~/api/accounts/crypto.server'
import type { Tx } from './audit.server'
import type { SecretBox } from './secrets.server'

/** Where passkeys belong (the shop's origin; the back office is served by the same site). */
export type WebAuthnConfig = { rpId: string; rpName: string; origins: string[] }

export const SECOND_FACTORS = ['totp', 'passkey', 'recovery_code'] as const
export type SecondFactor = (typeof SECOND_FACTORS)[number]

const TOTP_PERIOD = 30
const TOTP_PURPOSE = 'staff-totp'
/** Recovery codes: two groups of five from an alphabet without look-alikes (about 50 bits). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

function totp(secret: Secret, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret })
}

export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '')
}

function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/**
 * The second factors of staff (DESIGN.md §8, decision 172), on kept libraries: TOTP apps by `otpauth` (RFC 6238, the
 * secret sealed with AES-256-GCM, each time step used once), passkeys by `@simplewebauthn/server`, and ten
 * single-use recovery codes stored as SHA-256.
 */
export class SecondFactors {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly webauthn: WebAuthnConfig,
    private readonly now: () => Date,
    private readonly issuer: string,
  ) {}

  /** A new TOTP secret for an enrolment: sealed for storage, and shown once as base32 and an otpauth:// URI. */
  async newTotp(email: string): Promise<{ sealed: string; secret: string; uri: string }> {
    const secret = new Secret({ size: 20 })
    return {
      sealed: await this.box.seal(secret.base32, TOTP_PURPOSE),
      secret: secret.base32,
      uri: totp(secret, email, this.issuer).toString(),
    }
  }

  /** The time step a code is right for (one step either side, for clocks a little apart), or null. */
  async totpStep(sealed: string, code: string): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null
    const secret = Secret.fromBase32(await this.box.open(sealed, TOTP_PURPOSE))
    const timestamp = this.now().getTime()
    const delta = totp(secret, '', this.issuer).validate({ token: code, timestamp, window: 1 })
    if (delta === null) return null
    return TOTP.counter({ period: TOTP_PERIOD, timestamp }) + delta
  }

  /** Stores a confirmed TOTP secret, its first code's step spent. */
  async saveTotp(tx: Tx, staffId: string, sealed: string, step: number): Promise<void> {
    await tx
      .insert(staffTotp)
      .values({ staffId, secret: sealed, lastStep: step, createdAt: this.now() })
      .onConflictDoUpdate({ target: staffTotp.staffId, set: { secret: sealed, lastStep: step, createdAt: this.now() } })
  }

  /** A TOTP code of this staff member, each time step once (a code seen is not taken again). */
  async checkTotp(staffId: string, code: string): Promise<boolean> {
    const [row] = await this.db.select().from(staffTotp).where(eq(staffTotp.staffId, staffId))
    if (!row) return false
    const step = await this.totpStep(row.secret, code)
    if (step === null) return false
    const [spent] = await this.db
      .update(staffTotp)
      .set({ lastStep: step })
      .where(and(eq(staffTotp.staffId, staffId), lt(staffTotp.lastStep, step)))
      .returning({ staffId: staffTotp.staffId })
    return spent !== undefined
  }

  /** Ten new recovery codes (the old ones end), returned once; only their SHA-256 is kept. */
  async issueRecoveryCodes(tx: Tx, staffId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((code) => ({ codeHash: sha256(normaliseRecoveryCode(code)), staffId, createdAt: this.now() })))
    return codes
  }

  /** A recovery code of this staff member, used once. */
  async useRecoveryCode(staffId: string, code: string): Promise<boolean> {
    const normal = normaliseRecoveryCode(code)
    if (normal.length !== 10) return false
    const [used] = await this.db
      .update(staffRecoveryCodes)
      .set({ usedAt: this.now() })
      .where(
        and(
          eq(staffRecoveryCodes.codeHash, sha256(normal)),
          eq(staffRecoveryCodes.staffId, staffId),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: staffRecoveryCodes.codeHash })
    return used !== undefined
  }

  /** The factors this staff member can sign in with. */
  async factorsOf(staffId: string): Promise<SecondFactor[]> {
    const [totpRow] = await this.db
      .select({ id: staffTotp.staffId })
      .from(staffTotp)
      .where(eq(staffTotp.staffId, staffId))
    const passkeys = await this.passkeysOf(staffId)
    const [recovery] = await this.db
      .select({ id: staffRecoveryCodes.codeHash })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)))
      .limit(1)
    return [
      ...(totpRow ? (['totp'] as const) : []),
      ...(passkeys.length > 0 ? (['passkey'] as const) : []),
      ...(recovery ? (['recovery_code'] as const) : []),
    ]
  }

  private passkeysOf(staffId: string) {
    return this.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId))
  }

  /** What the browser's `navigator.credentials.create` needs for a new passkey. */
  async registrationOptions(user: {
    id: string
    email: string
    name: string
  }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return generateRegistrationOptions({
      rpName: this.webauthn.rpName,
      rpID: this.webauthn.rpId,
      userName: user.email,
      userDisplayName: user.name,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    })
  }

  /** A new passkey's credential, checked against the challenge given; null when it does not verify. */
  async verifyRegistration(response: RegistrationResponseJSON, challenge: string) {
    try {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.webauthn.origins,
        expectedRPID: this.webauthn.rpId,
        requireUserVerification: true,
      })
      return result.verified ? result.registrationInfo.credential : null
    } catch {
      return null
    }
  }

  async savePasskey(
    tx: Tx,
    staffId: string,
    credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] },
  ): Promise<void> {
    await tx.insert(staffPasskeys).values({
      id: credential.id,
      staffId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: this.now(),
    })
  }

  /** What the browser's `navigator.credentials.get` needs to sign in with one of this staff member's passkeys. */
  async authenticationOptions(staffId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkeys = await this.passkeysOf(staffId)
    return generateAuthenticationOptions({
      rpID: this.webauthn.rpId,
      allowCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      userVerification: 'required',
    })
  }

  /** An assertion by one of this staff member's passkeys over the challenge given; its counter moves on. */
  async verifyAuthentication(
    staffId: string,
    response: AuthenticationResponseJSON,
    challenge: string,
  ): Promise<boolean> {
    const [passkey] = await this.db
      .select()
      .from(staffPasskeys)
      .where(and(eq(staffPasskeys.id, response.id), eq(staffPasskeys.staffId, staffId)))
    if (!passkey) return false
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.webauthn.origins,
        expectedRPID: this.webauthn.rpId,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      })
      if (!result.verified) return false
      await this.db
        .update(staffPasskeys)
        .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: this.now() })
        .where(eq(staffPasskeys.id, passkey.id))
      return true
    } catch {
      return false
    }
  }
}
