import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { apiKeys, staff, staffInvites, staffRoles, type StaffRoleRow } from '~/db/staff-schema'
import {
  BUILT_IN_ROLE_NAMES,
  BUILT_IN_ROLES,
  BUILT_IN_ROLE_PERMISSIONS,
  isBuiltInRole,
  normalisePermissions,
  type StaffPermission,
} from '~/domain/staff-permissions'
import { ApiError } from '~/api/errors'
import type { AuditContext } from './actor'
import type { AuditLog } from './audit.server'
import { assertHolds } from './staff.service'

export type RoleView = { id: string; name: string; builtIn: boolean; permissions: StaffPermission[] }

function view(row: StaffRoleRow): RoleView {
  if (isBuiltInRole(row.id)) {
    return {
      id: row.id,
      name: BUILT_IN_ROLE_NAMES[row.id].en,
      builtIn: true,
      permissions: [...BUILT_IN_ROLE_PERMISSIONS[row.id]],
    }
  }
  return { id: row.id, name: row.name, builtIn: false, permissions: normalisePermissions(row.permissions) }
}

/**
 * Roles (issue 31 item 2): the built-in ones, whose permissions are the code's, and custom ones (a name and a set of
 * permissions) that staff with `staff:manage` make, change and delete, never with a permission they do not hold
 * themselves; a role still held by staff or keys stays.
 */
export class RoleService {
  private builtIns: Promise<void> | null = null

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  /**
   * The built-in roles' rows, made on first use rather than by the migration: a freshly migrated database stays
   * empty, so `db:copy-to-postgres` can copy a shop into it (its check refuses a target with rows).
   */
  private ensureBuiltIns(): Promise<void> {
    this.builtIns ??= this.db
      .insert(staffRoles)
      .values(BUILT_IN_ROLES.map((id) => ({ id, name: BUILT_IN_ROLE_NAMES[id].en, builtIn: true })))
      .onConflictDoNothing()
      .then(() => undefined)
      .catch((error: unknown) => {
        this.builtIns = null
        throw error
      })
    return this.builtIns
  }

  async list(): Promise<RoleView[]> {
    await this.ensureBuiltIns()
    const rows = await this.db
      .select()
      .from(staffRoles)
      .orderBy(sql`${staffRoles.builtIn} DESC`, asc(staffRoles.createdAt), asc(staffRoles.id))
    return rows.map(view)
  }

  async find(id: string): Promise<RoleView | null> {
    await this.ensureBuiltIns()
    const [row] = await this.db.select().from(staffRoles).where(eq(staffRoles.id, id))
    return row ? view(row) : null
  }

  /** A role that exists, or a 400 naming the field. */
  async require(id: string, field = 'role_id'): Promise<RoleView> {
    const role = await this.find(id)
    if (!role) throw new ApiError(400, 'INVALID_INPUT', 'No such role', { fields: { [field]: 'invalid' } })
    return role
  }

  async permissionsOf(id: string): Promise<StaffPermission[]> {
    return (await this.find(id))?.permissions ?? []
  }

  async create(input: { id: string; name: string; permissions: string[] }, context: AuditContext): Promise<RoleView> {
    assertHolds(context.actor, normalisePermissions(input.permissions), 'permissions')
    if (isBuiltInRole(input.id)) throw new ApiError(409, 'ROLE_EXISTS', 'A role with this id exists')
    const permissions = normalisePermissions(input.permissions)
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffRoles)
        .values({
          id: input.id,
          name: input.name,
          builtIn: false,
          permissions,
          createdAt: this.now(),
          updatedAt: this.now(),
        })
        .onConflictDoNothing()
        .returning()
      if (!row) throw new ApiError(409, 'ROLE_EXISTS', 'A role with this id exists')
      const created = view(row)
      await this.audit.record(tx, context, {
        action: 'role.create',
        entityType: 'role',
        entityId: row.id,
        after: created,
      })
      return created
    })
  }

  private async custom(id: string): Promise<RoleView> {
    const role = await this.find(id)
    if (!role) throw new ApiError(404, 'NOT_FOUND', 'No such role')
    if (role.builtIn) throw new ApiError(409, 'ROLE_BUILT_IN', 'A built-in role cannot be changed')
    return role
  }

  async update(id: string, input: { name?: string; permissions?: string[] }, context: AuditContext): Promise<RoleView> {
    assertHolds(context.actor, normalisePermissions(input.permissions ?? []), 'permissions')
    const before = await this.custom(id)
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffRoles)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.permissions !== undefined ? { permissions: normalisePermissions(input.permissions) } : {}),
          updatedAt: this.now(),
        })
        .where(eq(staffRoles.id, id))
        .returning()
      if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such role')
      const after = view(row)
      await this.audit.record(tx, context, { action: 'role.update', entityType: 'role', entityId: id, before, after })
      return after
    })
  }

  async remove(id: string, context: AuditContext): Promise<void> {
    const before = await this.custom(id)
    await this.db.transaction(async (tx) => {
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(staff)
        .where(eq(staff.roleId, id))
      const [keys] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(eq(apiKeys.roleId, id))
      if ((held?.count ?? 0) + (keys?.count ?? 0) > 0) {
        throw new ApiError(409, 'ROLE_IN_USE', 'Staff or API keys still hold this role')
      }
      await tx.delete(staffInvites).where(eq(staffInvites.roleId, id))
      await tx.delete(staffRoles).where(eq(staffRoles.id, id))
      await this.audit.record(tx, context, { action: 'role.delete', entityType: 'role', entityId: id, before })
    })
  }
}
