import { randomInt } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { apiKeys, type ApiKeyRow } from '~/db/staff-schema'
import {
  API_KEY_DEFAULT_DAYS,
  API_KEY_ID_LENGTH,
  apiKeyPermissions,
  formatApiKey,
  parseApiKey,
} from '~/domain/staff-permissions'
import { ApiError } from '~/api/errors'
import { randomToken, sameDigest, sha256 } from '~/api/accounts/crypto.server'
import { addSeconds } from '~/api/accounts/time'
import type { Actor, AuditContext } from './actor'
import type { AuditLog } from './audit.server'
import type { RoleService } from './roles.service'
import { assertWithin } from './staff.service'

export type ApiKeyView = {
  id: string
  keyId: string
  name: string
  roleId: string
  createdBy: string
  createdAt: string
  expiresAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

const KEY_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
/** Writes of last-used no more often than this. */
const LAST_USED_EVERY_SECONDS = 60

function view(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    keyId: row.keyId,
    name: row.name,
    roleId: row.roleId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

/**
 * API keys (issue 31 item 3, decision 174): named, scoped to a role, expiring (90 days unless said, a year at most),
 * shown once as `sk_<id>_<secret>`, kept as the id and the secret's SHA-256, with the time last used; revocable.
 */
export class ApiKeyService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly roles: RoleService,
    private readonly now: () => Date,
  ) {}

  async list(): Promise<ApiKeyView[]> {
    return (await this.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt))).map(view)
  }

  async create(
    input: { name: string; roleId: string; days?: number },
    context: AuditContext,
  ): Promise<ApiKeyView & { key: string }> {
    const role = await this.roles.require(input.roleId)
    assertWithin(context.actor, role)
    let keyId = ''
    for (let i = 0; i < API_KEY_ID_LENGTH; i++) keyId += KEY_ID_ALPHABET[randomInt(0, KEY_ID_ALPHABET.length)]
    const secret = randomToken(32)
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          keyId,
          secretHash: sha256(secret),
          name: input.name,
          roleId: role.id,
          createdBy: context.actor.label,
          createdAt: now,
          expiresAt: addSeconds(now, (input.days ?? API_KEY_DEFAULT_DAYS) * 24 * 60 * 60),
        })
        .returning()
      if (!row) throw new Error('API key not stored')
      const created = view(row)
      await this.audit.record(tx, context, {
        action: 'api_key.create',
        entityType: 'api_key',
        entityId: row.id,
        after: created,
      })
      return { ...created, key: formatApiKey(keyId, secret) }
    })
  }

  async revoke(id: string, context: AuditContext): Promise<ApiKeyView> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update')
      if (!before) throw new ApiError(404, 'NOT_FOUND', 'No such API key')
      const [after] = await tx
        .update(apiKeys)
        .set({ revokedAt: before.revokedAt ?? this.now() })
        .where(eq(apiKeys.id, id))
        .returning()
      if (!after) throw new ApiError(404, 'NOT_FOUND', 'No such API key')
      await this.audit.record(tx, context, {
        action: 'api_key.revoke',
        entityType: 'api_key',
        entityId: id,
        before: view(before),
        after: view(after),
      })
      return view(after)
    })
  }

  /** The actor of a bearer key: a live key of a role, with the role's permissions less the staff-only ones. */
  async authenticate(bearer: string): Promise<Actor | null> {
    const parsed = parseApiKey(bearer)
    if (!parsed) return null
    const [row] = await this.db.select().from(apiKeys).where(eq(apiKeys.keyId, parsed.keyId))
    const now = this.now()
    if (!row || !sameDigest(sha256(parsed.secret), row.secretHash) || row.revokedAt || row.expiresAt <= now) return null
    if (!row.lastUsedAt || addSeconds(row.lastUsedAt, LAST_USED_EVERY_SECONDS) <= now) {
      await this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id))
    }
    return {
      type: 'api_key',
      id: row.id,
      label: `${row.name} (sk_${row.keyId})`,
      permissions: new Set(apiKeyPermissions(await this.roles.permissionsOf(row.roleId))),
      language: 'en',
    }
  }
}
