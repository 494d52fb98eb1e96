import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Db } from '~/db/client.server'
import { staff, staffInvites, type StaffInviteRow, type StaffRow } from '~/db/staff-schema'
import { STAFF_INVITE_SECONDS, type StaffLanguage, type StaffPermission } from '~/domain/staff-permissions'
import type { OutboundMessage } from '~/api/providers/messages'
import { ApiError } from '~/api/errors'
import { randomToken, sha256 } from '~/api/accounts/crypto.server'
import { addSeconds } from '~/api/accounts/time'
import type { Actor, AuditContext } from './actor'
import type { AuditLog, Tx } from './audit.server'
import type { SecondFactors } from './factors.server'
import type { RoleService, RoleView } from './roles.service'
import type { StaffSessions } from './sessions.service'
import type { StaffThrottle } from './throttle.server'

export type StaffView = {
  id: string
  email: string
  name: string
  language: StaffLanguage
  roleId: string
  disabled: boolean
  createdAt: string
}

export type InviteView = {
  id: string
  email: string
  roleId: string
  roleName: string
  expiresAt: string
  name: string | null
  language: StaffLanguage | null
  accepted: boolean
}

export function staffView(row: StaffRow): StaffView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    language: row.language,
    roleId: row.roleId,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Nobody hands out what they do not hold: permissions given (a custom role's) must be within the giver's. */
export function assertHolds(actor: Actor, permissions: readonly StaffPermission[], field: string): void {
  const missing = permissions.filter((permission) => !actor.permissions.has(permission))
  if (missing.length > 0) {
    throw new ApiError(403, 'PERMISSION_DENIED', `You do not hold ${missing.join(', ')}`, {
      fields: { [field]: 'invalid' },
    })
  }
}

/** A role given (to staff, an invite or a key) must be within the giver's. */
export function assertWithin(actor: Actor, role: RoleView, field = 'role_id'): void {
  assertHolds(actor, role.permissions, field)
}

function inviteMessage(url: string, expiresAt: Date): { subject: string; text: string } {
  return {
    subject: 'คำเชิญเข้าระบบหลังร้าน / Back office invitation',
    text: `คุณได้รับเชิญให้เข้าใช้ระบบหลังร้าน เปิดลิงก์นี้ภายใน 24 ชั่วโมง / You are invited to the back office. Open this link before ${expiresAt.toISOString()}:\n${url}`,
  }
}

/**
 * Staff (issue 31 item 1): invitations (a one-time link valid 24 hours), their acceptance (name, language and a
 * mandatory second factor: a TOTP app or a passkey, with ten recovery codes), the list of staff, a change of role
 * and disabling; the last active owner is never demoted or disabled. Every change is audited in its transaction.
 */
/** An invitation as the staff screen lists it. */
export type OpenInvite = {
  id: string
  email: string
  roleId: string
  invitedBy: string | null
  createdAt: string
  expiresAt: string
}

export class StaffService {
  constructor(
    private readonly options: {
      db: Db
      now: () => Date
      audit: AuditLog
      roles: RoleService
      factors: SecondFactors
      sessions: StaffSessions
      throttle: StaffThrottle
      deliver: (message: OutboundMessage) => Promise<void>
      /** Where the back office opens an invitation: the token follows as the URL's fragment (never sent or logged). */
      inviteUrl: (token: string) => string
    },
  ) {}

  private get db(): Db {
    return this.options.db
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(staff)
    return row?.count ?? 0
  }

  async list(): Promise<StaffView[]> {
    return (await this.db.select().from(staff).orderBy(asc(staff.createdAt))).map(staffView)
  }

  async find(id: string): Promise<StaffRow | null> {
    const [row] = await this.db.select().from(staff).where(eq(staff.id, id))
    return row ?? null
  }

  /** An invitation: the link is returned once (and e-mailed when `send`); only its token's SHA-256 is kept. */
  async invite(
    input: { email: string; roleId: string; send: boolean },
    context: AuditContext,
  ): Promise<{ id: string; email: string; roleId: string; token: string; url: string; expiresAt: string }> {
    const email = input.email.trim().toLowerCase()
    const role = await this.options.roles.require(input.roleId)
    assertWithin(context.actor, role)
    const [existing] = await this.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email))
    if (existing)
      throw new ApiError(409, 'STAFF_EXISTS', 'This e-mail is already staff', { fields: { email: 'exists' } })
    const token = randomToken(32)
    const now = this.options.now()
    const expiresAt = addSeconds(now, STAFF_INVITE_SECONDS)
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(staffInvites)
        .values({
          tokenHash: sha256(token),
          email,
          roleId: role.id,
          invitedBy: context.actor.type === 'staff' ? context.actor.id : null,
          createdAt: now,
          expiresAt,
        })
        .returning()
      if (!created) throw new Error('Invite not stored')
      await this.options.audit.record(tx, context, {
        action: 'invite.create',
        entityType: 'invite',
        entityId: created.id,
        after: { email, roleId: role.id, expiresAt },
      })
      return created
    })
    const url = this.options.inviteUrl(token)
    if (input.send) {
      await this.options
        .deliver({ channel: 'email', to: email, ...inviteMessage(url, expiresAt) })
        .catch((error: unknown) => {
          console.error('Staff invitation not e-mailed:', error instanceof Error ? error.message : error)
        })
    }
    return { id: row.id, email, roleId: role.id, token, url, expiresAt: expiresAt.toISOString() }
  }

  /**
   * Ten new recovery codes for a staff member (their own, after a step-up): the old ones, used or not, end in the same
   * transaction, which the audit entry shares; the codes are returned once and only their SHA-256 is kept.
   */
  async renewRecoveryCodes(staffId: string, context: AuditContext): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const codes = await this.options.factors.issueRecoveryCodes(tx, staffId)
      await this.options.audit.record(tx, context, {
        action: 'recovery_codes.renew',
        entityType: 'staff',
        entityId: staffId,
        after: { count: codes.length },
      })
      return codes
    })
  }

  /** The invitations still open (not accepted, not expired), the soonest to expire first. */
  async openInvites(): Promise<OpenInvite[]> {
    const rows = await this.db
      .select()
      .from(staffInvites)
      .where(and(isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, this.options.now())))
      .orderBy(asc(staffInvites.expiresAt))
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      roleId: row.roleId,
      invitedBy: row.invitedBy,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }))
  }

  /**
   * Revokes an open invitation: it expires now, so its link says "not valid" (the row stays, as the audit names it).
   * A role above the revoker's is refused as its invitation would have been. Race-safe: only an open row changes.
   */
  async revokeInvite(id: string, context: AuditContext): Promise<void> {
    const now = this.options.now()
    const isOpen = and(eq(staffInvites.id, id), isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, now))
    const [found] = await this.db.select({ roleId: staffInvites.roleId }).from(staffInvites).where(isOpen)
    if (!found) throw new ApiError(404, 'NOT_FOUND', 'No such open invitation')
    // Read before the transaction: the embedded database has one connection, which the transaction holds.
    assertWithin(context.actor, await this.options.roles.require(found.roleId))
    await this.db.transaction(async (tx) => {
      const [open] = await tx.select().from(staffInvites).where(isOpen).for('update')
      if (!open) throw new ApiError(404, 'NOT_FOUND', 'No such open invitation')
      await tx.update(staffInvites).set({ expiresAt: now }).where(eq(staffInvites.id, id))
      await this.options.audit.record(tx, context, {
        action: 'invite.revoke',
        entityType: 'invite',
        entityId: id,
        before: { email: open.email, roleId: open.roleId, expiresAt: open.expiresAt },
        after: { expiresAt: now },
      })
    })
  }

  /** The open invitation of a token (not accepted, not expired), or a 404 that says nothing more. */
  private async openInvite(token: string): Promise<StaffInviteRow> {
    const [row] = token
      ? await this.db
          .select()
          .from(staffInvites)
          .where(eq(staffInvites.tokenHash, sha256(token)))
      : []
    if (!row || row.acceptedAt || row.expiresAt <= this.options.now()) {
      throw new ApiError(404, 'INVITE_INVALID', 'This invitation is not valid (used, expired or unknown)')
    }
    return row
  }

  async readInvite(token: string): Promise<InviteView> {
    const row = await this.openInvite(token)
    const role = await this.options.roles.require(row.roleId)
    return {
      id: row.id,
      email: row.email,
      roleId: row.roleId,
      roleName: role.name,
      expiresAt: row.expiresAt.toISOString(),
      name: row.name,
      language: row.language,
      accepted: false,
    }
  }

  /** The invited person's name and language, before the second factor. */
  async acceptInvite(token: string, input: { name: string; language: StaffLanguage }): Promise<InviteView> {
    const row = await this.openInvite(token)
    await this.db
      .update(staffInvites)
      .set({ name: input.name, language: input.language })
      .where(eq(staffInvites.id, row.id))
    return this.readInvite(token)
  }

  private async named(token: string): Promise<StaffInviteRow & { name: string; language: StaffLanguage }> {
    const row = await this.openInvite(token)
    if (!row.name || !row.language)
      throw new ApiError(409, 'INVITE_INVALID', 'Accept the invitation (name, language) first')
    return { ...row, name: row.name, language: row.language }
  }

  async startTotp(token: string): Promise<{ secret: string; uri: string }> {
    const row = await this.named(token)
    const { sealed, secret, uri } = await this.options.factors.newTotp(row.email)
    await this.db.update(staffInvites).set({ pendingTotp: sealed }).where(eq(staffInvites.id, row.id))
    return { secret, uri }
  }

  async confirmTotp(token: string, code: string, client: { ip: string; requestId: string | null }) {
    await this.options.throttle.assertNotLocked(client.ip)
    const row = await this.named(token)
    if (!row.pendingTotp) throw new ApiError(409, 'INVITE_INVALID', 'Start the TOTP enrolment first')
    const step = await this.options.factors.totpStep(row.pendingTotp, code.trim())
    if (step === null)
      return this.options.throttle.refuse(client.ip, 'SECOND_FACTOR_INCORRECT', 'The code is not right')
    const sealed = row.pendingTotp
    return this.enrol(row, client, 'totp', (tx, staffId) => this.options.factors.saveTotp(tx, staffId, sealed, step))
  }

  async passkeyOptions(token: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const row = await this.named(token)
    const options = await this.options.factors.registrationOptions({ id: row.id, email: row.email, name: row.name })
    await this.db.update(staffInvites).set({ pendingChallenge: options.challenge }).where(eq(staffInvites.id, row.id))
    return options
  }

  async confirmPasskey(
    token: string,
    credential: RegistrationResponseJSON,
    client: { ip: string; requestId: string | null },
  ) {
    await this.options.throttle.assertNotLocked(client.ip)
    const row = await this.named(token)
    const verified = row.pendingChallenge
      ? await this.options.factors.verifyRegistration(credential, row.pendingChallenge)
      : null
    if (!verified) {
      return this.options.throttle.refuse(client.ip, 'SECOND_FACTOR_INCORRECT', 'The passkey could not be verified')
    }
    return this.enrol(row, client, 'passkey', (tx, staffId) => this.options.factors.savePasskey(tx, staffId, verified))
  }

  /** The staff member of an accepted invitation, with the factor enrolled and ten recovery codes, in one transaction. */
  private async enrol(
    row: StaffInviteRow & { name: string; language: StaffLanguage },
    client: { ip: string; requestId: string | null },
    factor: 'totp' | 'passkey',
    saveFactor: (tx: Tx, staffId: string) => Promise<void>,
  ): Promise<{ staff: StaffView; recoveryCodes: string[] }> {
    const now = this.options.now()
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(staffInvites)
        .set({ acceptedAt: now, pendingTotp: null, pendingChallenge: null })
        .where(and(eq(staffInvites.id, row.id), isNull(staffInvites.acceptedAt)))
        .returning({ id: staffInvites.id })
      if (!used) throw new ApiError(404, 'INVITE_INVALID', 'This invitation is not valid (used, expired or unknown)')
      const [created] = await tx
        .insert(staff)
        .values({
          id: row.id,
          email: row.email,
          name: row.name,
          language: row.language,
          roleId: row.roleId,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning()
      if (!created) throw new ApiError(409, 'STAFF_EXISTS', 'This e-mail is already staff')
      await tx.update(staffInvites).set({ staffId: created.id }).where(eq(staffInvites.id, row.id))
      await saveFactor(tx, created.id)
      const recoveryCodes = await this.options.factors.issueRecoveryCodes(tx, created.id)
      const view = staffView(created)
      await this.options.audit.record(
        tx,
        {
          actor: {
            type: 'staff',
            id: created.id,
            label: created.email,
            permissions: new Set(),
            language: created.language,
          },
          ip: client.ip,
          requestId: client.requestId,
        },
        {
          action: 'staff.create',
          entityType: 'staff',
          entityId: created.id,
          after: { ...view, inviteId: row.id, factor },
        },
      )
      return { staff: view, recoveryCodes }
    })
  }

  /** A change of role or of disabled: never of the last active owner away from being one. */
  async update(id: string, input: { roleId?: string; disabled?: boolean }, context: AuditContext): Promise<StaffView> {
    const target = await this.find(id)
    if (!target) throw new ApiError(404, 'NOT_FOUND', 'No such staff member')
    // Whom one may change is bounded like what one may give: nobody changes staff who hold more than they do.
    assertWithin(context.actor, await this.options.roles.require(target.roleId), 'id')
    const role = input.roleId !== undefined ? await this.options.roles.require(input.roleId) : null
    if (role) assertWithin(context.actor, role)
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update')
      if (!before) throw new ApiError(404, 'NOT_FOUND', 'No such staff member')
      const roleId = role?.id ?? before.roleId
      const disabledAt =
        input.disabled === undefined
          ? before.disabledAt
          : input.disabled
            ? (before.disabledAt ?? this.options.now())
            : null
      const leavesOwners =
        before.roleId === 'owner' && before.disabledAt === null && (roleId !== 'owner' || disabledAt !== null)
      if (leavesOwners) {
        const others = await tx
          .select({ id: staff.id })
          .from(staff)
          .where(and(eq(staff.roleId, 'owner'), isNull(staff.disabledAt), ne(staff.id, id)))
          .for('update')
        if (others.length === 0) throw new ApiError(409, 'LAST_OWNER', 'The last owner cannot be demoted or disabled')
      }
      const [after] = await tx.update(staff).set({ roleId, disabledAt }).where(eq(staff.id, id)).returning()
      if (!after) throw new ApiError(404, 'NOT_FOUND', 'No such staff member')
      if (disabledAt !== null) await this.options.sessions.endAllOf(tx, id)
      await this.options.audit.record(tx, context, {
        action: 'staff.update',
        entityType: 'staff',
        entityId: id,
        before: staffView(before),
        after: staffView(after),
      })
      return staffView(after)
    })
  }
}
