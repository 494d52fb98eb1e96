import { eq } from 'drizzle-orm'
import { members } from '~/db/schema'
import type { MemberGender } from '~/domain/membership'
import { normaliseText } from '~/domain/text'
import { ApiError } from '~/api/errors'
import { parseIdentity } from './members.server'
import { toMemberView, type MemberView } from './views'
import { AccountStore } from './store.server'

/**
 * The personal information saved at once. The e-mail and telephone, when given, must be the current ones: a new
 * one takes effect only through a code sent to it (`IdentityChangeService.requestIdentityChange`, issue 15).
 */
export type ProfileUpdate = {
  fullname: string
  email?: string
  telephone?: string
  country: string
  gender: MemberGender | null
  birthdate: string | null
}

/** The member's personal information (issue 4): name, gender and the birth date of the birthday code. */
export class ProfileService extends AccountStore {
  /**
   * Changes the personal information at once. The e-mail and telephone are not changed here: when given they must
   * be the current ones (a form sends the whole profile); a new or removed one goes through `requestIdentityChange`.
   */
  async updateProfile(memberId: string, update: ProfileUpdate): Promise<MemberView> {
    const [current] = await this.db.select().from(members).where(eq(members.id, memberId))
    if (!current) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    const fields: Record<string, string> = {}
    for (const field of ['email', 'telephone'] as const) {
      const given = update[field]
      if (given === undefined) continue
      const parsed = parseIdentity(field, given, update.country)
      if (given.trim() && !parsed) fields[field] = 'invalid'
      else if ((parsed?.value ?? null) !== current[field]) fields[field] = 'unconfirmed'
    }
    // Issue 29: once set, the birth date (and with it the month of the birthday code) is corrected by the brand's
    // staff only. Leaving it out keeps it; setting it the first time is the member's.
    if (current.birthdate !== null && update.birthdate !== null && update.birthdate !== current.birthdate) {
      fields.birthdate = 'fixed'
    }
    if (Object.values(fields).some((code) => code === 'invalid' || code === 'fixed')) {
      const message = fields.birthdate ? 'The birth date, once set, is corrected by our staff only' : 'Invalid profile'
      throw new ApiError(400, 'INVALID_INPUT', message, { fields })
    }
    if (Object.keys(fields).length > 0) {
      throw new ApiError(409, 'CHANGE_NEEDS_CODE', 'A new e-mail or telephone is confirmed with a code first', {
        fields,
      })
    }
    const [row] = await this.db
      .update(members)
      .set({
        fullname: normaliseText(update.fullname),
        gender: update.gender,
        birthdate: current.birthdate ?? update.birthdate,
        updatedAt: this.now(),
      })
      .where(eq(members.id, memberId))
      .returning()
    if (!row) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    return toMemberView(row)
  }
}
