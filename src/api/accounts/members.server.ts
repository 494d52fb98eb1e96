/** A member's e-mail and telephone in the members table: confirmed or claimed, taken, parsed (issues 15 and 29). */
import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { members, type IdentityChangePayload } from '~/db/schema'
import { parseLoginIdentifier, parseMemberTelephone } from '~/domain/phone'
import { ApiError } from '~/api/errors'

/** A transaction of the database, for helpers that run inside or outside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The column of a member's e-mail or telephone, and of when it was confirmed. */
export function identityColumns(field: IdentityChangePayload['field']) {
  return field === 'email'
    ? { value: members.email, verifiedAt: members.emailVerifiedAt, verifiedKey: 'emailVerifiedAt' as const }
    : { value: members.telephone, verifiedAt: members.telephoneVerifiedAt, verifiedKey: 'telephoneVerifiedAt' as const }
}

/** A member whose e-mail or telephone is this value and confirmed (issue 29: an unconfirmed claim blocks nobody). */
export function confirmedIs(field: IdentityChangePayload['field'], value: string) {
  const columns = identityColumns(field)
  return and(eq(columns.value, value), isNotNull(columns.verifiedAt))
}

/**
 * Once a member confirmed an e-mail or telephone, other members' unconfirmed claims of it are dropped (issue 29): a
 * claim made with someone else's e-mail ends when its owner shows the code. A member the claim was the only way in
 * for keeps it (it still logs nobody in and blocks nobody).
 */
export async function dropUnconfirmedClaims(
  db: Db | Tx,
  field: IdentityChangePayload['field'],
  value: string,
  ownerId: string,
  now: Date,
): Promise<void> {
  const columns = identityColumns(field)
  const other = field === 'email' ? members.telephone : members.email
  await db
    .update(members)
    .set({ [field]: null, [columns.verifiedKey]: null, updatedAt: now })
    .where(
      and(
        eq(columns.value, value),
        isNull(columns.verifiedAt),
        ne(members.id, ownerId),
        or(isNotNull(other), isNotNull(members.lineUserId)),
      ),
    )
}

/** The 409 of an e-mail or telephone another member has. */
export function identityTaken(field: IdentityChangePayload['field']): ApiError {
  return field === 'email'
    ? new ApiError(409, 'EMAIL_EXISTS', 'EMAIL ALREADY EXISTS', { fields: { email: 'exists' } })
    : new ApiError(409, 'TELEPHONE_EXISTS', 'TELEPHONE NUMBER ALREADY EXISTS', { fields: { telephone: 'exists' } })
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current instanceof Error || typeof current === 'object';) {
    if (current === null) return false
    const record = current as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown }
    if (record.code === '23505') {
      if (!constraint) return true
      return record.constraint === constraint || String(record.message ?? '').includes(constraint)
    }
    current = record.cause
    if (current === undefined) return false
  }
  return false
}

/** A new e-mail or telephone as it is stored, or null when it is blank or not one. */
export function parseIdentity(
  field: IdentityChangePayload['field'],
  raw: string,
  country: string,
): { value: string } | null {
  if (!raw.trim()) return null
  if (field === 'email') {
    const email = parseLoginIdentifier(raw)
    return email?.kind === 'email' ? email : null
  }
  return parseMemberTelephone(raw, country)
}
