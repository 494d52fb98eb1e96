import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import {
  BUILT_IN_ROLE_NAMES,
  STAFF_PERMISSIONS,
  isBuiltInRole,
  type AuditActorType,
  type StaffPermission,
} from '~/domain/staff-permissions'
import type { Me, Role } from '../api'
import type { AdminLocale } from '../locale'

/**
 * The words of the staff screens that are data elsewhere: each permission's label, the areas they are grouped by,
 * role names and the audit's actor types, in the back office's language.
 */

/** Each permission as staff read it (the `area:action` string stays beside it for the technical reader). */
export const PERMISSION_LABELS: Readonly<Record<StaffPermission, MessageDescriptor>> = {
  'orders:read': msg`See orders`,
  'orders:write': msg`Change orders`,
  'payments:confirm': msg`Confirm payments`,
  'payments:refund': msg`Refund payments`,
  'fulfilment:write': msg`Pack and ship`,
  'returns:decide': msg`Decide returns`,
  'stock:write': msg`Change stock`,
  'catalog:write': msg`Edit the catalog`,
  'prices:write': msg`Change prices`,
  'content:write': msg`Edit pages`,
  'promotions:write': msg`Run promotions`,
  'members:read': msg`See members`,
  'members:write': msg`Change members`,
  'staff:manage': msg`Manage staff and roles`,
  'keys:manage': msg`Manage API keys`,
  'audit:read': msg`Read the audit log`,
  'reports:read': msg`See reports`,
  'exports:run': msg`Export data`,
}

/** The areas a permission belongs to, by its `area:` prefix, in the list's order. */
export const PERMISSION_AREA_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  orders: msg`Orders`,
  payments: msg`Payments`,
  fulfilment: msg`Fulfilment`,
  returns: msg`Returns`,
  stock: msg`Stock`,
  catalog: msg`Catalog`,
  prices: msg`Prices`,
  content: msg`Content`,
  promotions: msg`Promotions`,
  members: msg`Members`,
  staff: msg`Staff`,
  keys: msg`API keys`,
  audit: msg`Audit`,
  reports: msg`Reports`,
  exports: msg`Exports`,
}

/** The permissions grouped by area, areas in the order of STAFF_PERMISSIONS. */
export function permissionAreas(): Array<{ area: string; permissions: StaffPermission[] }> {
  const areas = new Map<string, StaffPermission[]>()
  for (const permission of STAFF_PERMISSIONS) {
    const area = permission.slice(0, permission.indexOf(':'))
    areas.set(area, [...(areas.get(area) ?? []), permission])
  }
  return [...areas].map(([area, permissions]) => ({ area, permissions }))
}

/** A role's name: a built-in role's in the back office's language, a custom role's as its staff named it. */
export function roleName(role: Pick<Role, 'id' | 'name'> | undefined, id: string, locale: AdminLocale): string {
  if (isBuiltInRole(id)) return BUILT_IN_ROLE_NAMES[id][locale]
  return role?.name ?? id
}

/** Whether `me` may hand out `role`: nobody gives what they do not hold (the API refuses it too). */
export function mayGrant(me: Pick<Me, 'permissions'> | null, role: Pick<Role, 'permissions'>): boolean {
  const held = new Set(me?.permissions ?? [])
  return role.permissions.every((permission) => held.has(permission))
}

export const ACTOR_TYPE_LABELS: Readonly<Record<AuditActorType, MessageDescriptor>> = {
  staff: msg`Staff`,
  api_key: msg`API key`,
  system: msg`System`,
}

/** A time as the back office shows it: the shop's time zone (Bangkok), the screen's language. */
export function formatTime(iso: string | null | undefined, locale: AdminLocale): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso))
}

export const labelOf = (i18n: I18n, descriptor: MessageDescriptor): string => i18n._(descriptor)
