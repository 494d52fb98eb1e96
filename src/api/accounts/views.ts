import type { IdentityChangePayload, MemberRow, OtpChallengeRow } from '~/db/schema'
import type { MemberGender } from '~/domain/membership'
import type { OtpChannel } from '~/domain/otp'

/** A member as the account services give it out (the routes write it with `toWire(memberSchema, …)`). */
export type MemberView = {
  id: string
  fullname: string
  email: string | null
  /** Whether a code sent to the e-mail was entered (issue 29): only then does it log in or link LINE. */
  emailVerified: boolean
  telephone: string | null
  telephoneVerified: boolean
  gender: MemberGender | null
  birthdate: string | null
  tier: MemberRow['tier']
  totalSpending: number
  tierExpiresAt: string | null
  lineLinked: boolean
}

export type ChallengeView = {
  refCode: string
  channel: OtpChannel
  purpose: OtpChallengeRow['purpose']
  destination: string
  expiresAt: string
  resendAt: string
  attemptsLeft: number
  open: boolean
  /** For a change challenge: which field, and whether it is removed. */
  change: ChangeView | null
}

export type IssuedChallenge = ChallengeView & { challengeToken: string }

/** What a change challenge is about, for the confirm screen. */
export type ChangeView = { field: IdentityChangePayload['field']; remove: boolean; confirm: boolean }

export type SessionGrant = { token: string; expiresAt: string; member: MemberView; registered: boolean }

/** One of a member's live sessions as the account page lists it (the token and its hash never leave the server). */
export type SessionView = {
  id: string
  userAgent: string | null
  country: string | null
  createdAt: string
  lastSeenAt: string
  current: boolean
}

export function toMemberView(row: MemberRow): MemberView {
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    emailVerified: row.email !== null && row.emailVerifiedAt !== null,
    telephone: row.telephone,
    telephoneVerified: row.telephone !== null && row.telephoneVerifiedAt !== null,
    gender: row.gender,
    birthdate: row.birthdate,
    tier: row.tier,
    totalSpending: row.totalSpending,
    tierExpiresAt: row.tierExpiresAt?.toISOString() ?? null,
    lineLinked: row.lineUserId !== null,
  }
}
