import { and, eq, ne } from 'drizzle-orm'
import { members, sessions, type IdentityChangePayload, type MemberRow, type OtpChallengeRow } from '~/db/schema'
import { smsAllowed } from '~/domain/phone'
import type { OutboundMessage } from '~/api/providers/messages'
import { ApiError } from '~/api/errors'
import { changeNotice } from './account-mails'
import { changeOf, type ChallengeStore } from './challenges.server'
import {
  confirmedIs,
  dropUnconfirmedClaims,
  identityColumns,
  identityTaken,
  isUniqueViolation,
  parseIdentity,
} from './members.server'
import type { CaptchaAnswer, RequestContext } from './request-context'
import type { SessionService } from './sessions.service'
import type { CodeThrottle, Gate } from './throttle.server'
import { toMemberView, type IssuedChallenge, type SessionGrant } from './views'
import { AccountStore, type StoreBase } from './store.server'

/** A new e-mail or telephone for a member (an empty value removes it), confirmed by a code (issue 15). */
export type IdentityChangeInput = {
  field: IdentityChangePayload['field']
  value: string
  country: string
  captcha?: CaptchaAnswer
}

export type IdentityChangeOptions = StoreBase & {
  challenges: ChallengeStore
  throttle: CodeThrottle
  sessions: SessionService
  /** Delivers the notice to the old e-mail or telephone. */
  deliver: (message: OutboundMessage) => Promise<void>
}

/**
 * A member's new or removed e-mail or telephone (issue 15, confirmed identities of issue 29): a code to the new value
 * (or to the one removed), and once it is entered by the member's own session the value is stored, the old one told
 * and the member's other sessions ended.
 */
export class IdentityChangeService extends AccountStore {
  constructor(private readonly options: IdentityChangeOptions) {
    super(options)
  }

  /**
   * Starts a change of the member's e-mail or telephone: nothing changes until the code is entered by this member's
   * session (`verify`). A new value gets the code (so a stolen session cannot move the account to an address the
   * owner never had without the owner's old one being told); a removal sends the code to the value removed, and at
   * least one of e-mail and telephone always remains. SMS codes go only to the allowed countries: a removed telephone
   * outside them is confirmed through the e-mail, a new one outside them is refused (SMS_COUNTRY). The send limits of
   * every code apply (cool-down, per phone or e-mail, per IP, SMS caps).
   */
  async requestIdentityChange(
    memberId: string,
    input: IdentityChangeInput,
    context: RequestContext,
  ): Promise<IssuedChallenge> {
    const [member] = await this.db.select().from(members).where(eq(members.id, memberId))
    if (!member) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in')
    const { field } = input
    const other = field === 'email' ? member.telephone : member.email
    const current = member[field]

    if (!input.value.trim()) {
      if (!current) {
        throw new ApiError(400, 'INVALID_INPUT', 'There is nothing to remove', { fields: { [field]: 'required' } })
      }
      if (!other) {
        throw new ApiError(400, 'INVALID_INPUT', 'Keep an e-mail address or a telephone number', {
          fields: { [field]: 'required' },
        })
      }
      // The code goes to what is removed: only its owner can let it go. A telephone SMS cannot reach is confirmed
      // through the e-mail address that stays.
      const bySms = field === 'telephone' && smsAllowed(current, this.options.throttle.smsPolicy)
      const identifier = field === 'email' || bySms ? current : other
      const gate = await this.guardChangeCode(identifier, input.captcha ?? null, context)
      return this.options.challenges.issue(
        {
          identifier,
          channel: field === 'email' ? 'email' : bySms ? 'sms' : 'email',
          purpose: 'change',
          memberId,
          payload: { field, value: '' },
        },
        context,
        gate,
      )
    }

    const parsed = parseIdentity(field, input.value, input.country)
    if (!parsed) throw new ApiError(400, 'INVALID_INPUT', 'Invalid value', { fields: { [field]: 'invalid' } })
    // The current value again: confirmed already, or confirmed now by a code sent to it (issue 29).
    const confirm = parsed.value === current
    if (confirm && member[identityColumns(field).verifiedKey]) {
      throw new ApiError(400, 'INVALID_INPUT', 'This is already yours', { fields: { [field]: 'unchanged' } })
    }
    const [taken] = await this.db
      .select({ id: members.id })
      .from(members)
      .where(and(confirmedIs(field, parsed.value), ne(members.id, memberId)))
    if (taken) throw identityTaken(field)
    if (field === 'telephone') this.options.throttle.assertSmsCountry(parsed.value)
    const gate = await this.guardChangeCode(parsed.value, input.captcha ?? null, context)
    return this.options.challenges.issue(
      {
        identifier: parsed.value,
        channel: field === 'email' ? 'email' : 'sms',
        purpose: 'change',
        memberId,
        payload: { field, value: parsed.value, ...(confirm ? { confirm: true } : {}) },
      },
      context,
      gate,
    )
  }

  /**
   * A change's code is held to the rules of every code: not to an identifier locked for everyone or for this
   * connection, and with the bot check once this connection sent wrong codes or nears its hourly limit (a stolen
   * session must not become a way round the lock-out or a way to pump SMS).
   */
  private async guardChangeCode(identifier: string, captcha: CaptchaAnswer, context: RequestContext): Promise<Gate> {
    const guard = await this.options.throttle.assertNotLocked(identifier, context)
    return this.options.throttle.guardIp(captcha, context, guard)
  }

  /**
   * The code of a change was right: the session that confirms must be a live one of the same member (a change never
   * logs anyone in). The value is stored if still free (409 otherwise), the old one is told, every other session of
   * the member ends and the confirming one is rotated.
   */
  async applyChange(
    challenge: OtpChallengeRow,
    sessionToken: string | null,
    context: RequestContext,
  ): Promise<SessionGrant> {
    const change = changeOf(challenge.payload)
    const now = this.now()
    const session =
      sessionToken && challenge.memberId
        ? await this.options.sessions.liveSessionOf(challenge.memberId, sessionToken)
        : null
    if (!change || !session || !challenge.memberId) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
    const memberId = challenge.memberId
    let before: MemberRow
    let after: MemberRow
    try {
      ;({ before, after } = await this.db.transaction(async (tx) => {
        const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update')
        if (!row) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
        const other = change.field === 'email' ? row.telephone : row.email
        // A removal is of the value the code was about, and still leaves the other one.
        if (change.value === '' && (!other || row[change.field] === null)) {
          throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
        }
        // A confirmation is of the value the member still has.
        if (change.confirm && row[change.field] !== change.value) {
          throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
        }
        const verifiedKey = identityColumns(change.field).verifiedKey
        const [updated] = await tx
          .update(members)
          .set({
            [change.field]: change.value === '' ? null : change.value,
            // The code went to the new value (or to the one removed): a new value is confirmed by it (issue 29).
            [verifiedKey]: change.value === '' ? null : now,
            updatedAt: now,
          })
          .where(eq(members.id, memberId))
          .returning()
        if (!updated) throw new ApiError(400, 'VERIFY_FAILED', 'VERIFY FAILED')
        if (change.value !== '') await dropUnconfirmedClaims(tx, change.field, change.value, memberId, now)
        // A confirmation changes no way in: the member's other devices stay logged in.
        if (!change.confirm) await tx.delete(sessions).where(eq(sessions.memberId, memberId))
        return { before: row, after: updated }
      }))
    } catch (error) {
      if (isUniqueViolation(error, change.field === 'email' ? 'members_email_key' : 'members_telephone_key')) {
        throw identityTaken(change.field)
      }
      throw error
    }
    if (!change.confirm) {
      await this.tellOldIdentity(before, change, challenge.locale)
      const grant = await this.options.sessions.startSession(after, context, null)
      return { ...grant, registered: false }
    }
    // Nothing to rotate: the session that confirmed goes on.
    return {
      token: sessionToken ?? '',
      expiresAt: session.expiresAt.toISOString(),
      member: toMemberView(after),
      registered: false,
    }
  }

  /** The notice to the e-mail or telephone that was replaced or removed (SMS only where codes may go by SMS). */
  private async tellOldIdentity(before: MemberRow, change: IdentityChangePayload, locale: string): Promise<void> {
    const old = before[change.field]
    if (!old) return
    const bySms = change.field === 'telephone' && smsAllowed(old, this.options.throttle.smsPolicy)
    const to = change.field === 'email' ? old : bySms ? old : before.email
    if (!to) return
    try {
      await this.options.deliver({ channel: bySms ? 'sms' : 'email', to, ...changeNotice(locale, change) })
    } catch (error) {
      // The change stands; the member sees it on the account page, and the operator in the log.
      console.error('Change notice not delivered:', error instanceof Error ? error.message : error)
    }
  }
}
