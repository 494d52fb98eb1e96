/**
 * What the brand's staff may do (issue 31, DESIGN.md §8): `area:action` permissions grouped into roles. Pure, so the
 * back office's pages import it to hide what a role lacks; the admin API checks the same strings on every operation
 * (src/api/admin/guard.server.ts), never the pages alone.
 */
export const STAFF_PERMISSIONS = [
  'orders:read',
  'orders:write',
  'payments:confirm',
  'payments:refund',
  'fulfilment:write',
  'returns:decide',
  'stock:write',
  'catalog:write',
  'prices:write',
  'content:write',
  'promotions:write',
  'members:read',
  'members:write',
  'staff:manage',
  'keys:manage',
  'audit:read',
  'reports:read',
  'exports:run',
] as const
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number]

/**
 * Money, permission, key and export actions (DESIGN.md §8): a staff session must have given its second factor again
 * within STEP_UP_SECONDS to use one of these for a change (or for any export).
 */
export const STEP_UP_PERMISSIONS: ReadonlySet<StaffPermission> = new Set<StaffPermission>([
  'payments:confirm',
  'payments:refund',
  'staff:manage',
  'keys:manage',
  'exports:run',
])
export const STEP_UP_SECONDS = 5 * 60

/**
 * What an API key may never do, whatever its role: manage staff or keys. A key is a machine's single secret with no
 * second factor to ask again, so it cannot make itself or anyone else more powerful (decision 174).
 */
export const STAFF_ONLY_PERMISSIONS: ReadonlySet<StaffPermission> = new Set<StaffPermission>([
  'staff:manage',
  'keys:manage',
])

export const BUILT_IN_ROLES = ['owner', 'manager', 'customer_service', 'warehouse', 'marketing', 'read_only'] as const
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number]

const ALL: readonly StaffPermission[] = STAFF_PERMISSIONS

/** The built-in roles' permissions; custom roles (a name and a set) are made by staff with `staff:manage`. */
export const BUILT_IN_ROLE_PERMISSIONS: Readonly<Record<BuiltInRole, readonly StaffPermission[]>> = {
  owner: ALL,
  // Runs the shop day to day; staff and keys stay the owner's.
  manager: ALL.filter((permission) => permission !== 'staff:manage' && permission !== 'keys:manage'),
  // Answers shoppers: their orders, bank-transfer slips, refunds (issue 31: it refunds a piece), returns and accounts.
  customer_service: [
    'orders:read',
    'orders:write',
    'payments:confirm',
    'payments:refund',
    'returns:decide',
    'members:read',
    'members:write',
  ],
  // Packs and ships, counts stock.
  warehouse: ['orders:read', 'fulfilment:write', 'stock:write'],
  // The catalog's words and pictures, prices and sales (issue 32: marketing plans 11.11), pages and promotions;
  // figures, not shoppers' details.
  marketing: ['catalog:write', 'prices:write', 'content:write', 'promotions:write', 'reports:read'],
  read_only: ['orders:read', 'reports:read'],
}

/**
 * The permission a move of an order to each status asks (the back office's status change, decision 174): confirming
 * a payment, packing and shipping (and delivered), cancelling, taking a return back.
 */
export const ORDER_STATUS_PERMISSIONS = {
  paid: 'payments:confirm',
  packed: 'fulfilment:write',
  in_transit: 'fulfilment:write',
  received: 'fulfilment:write',
  cancelled: 'orders:write',
  returned: 'returns:decide',
} as const satisfies Record<string, StaffPermission>

/** The names the back office shows for the built-in roles. */
export const BUILT_IN_ROLE_NAMES: Readonly<Record<BuiltInRole, { th: string; en: string }>> = {
  owner: { th: 'เจ้าของ', en: 'Owner' },
  manager: { th: 'ผู้จัดการ', en: 'Manager' },
  customer_service: { th: 'ฝ่ายบริการลูกค้า', en: 'Customer service' },
  warehouse: { th: 'คลังสินค้า', en: 'Warehouse' },
  marketing: { th: 'การตลาด', en: 'Marketing' },
  read_only: { th: 'ดูอย่างเดียว', en: 'Read only' },
}

export function isStaffPermission(value: string): value is StaffPermission {
  return (STAFF_PERMISSIONS as readonly string[]).includes(value)
}

export function isBuiltInRole(value: string): value is BuiltInRole {
  return (BUILT_IN_ROLES as readonly string[]).includes(value)
}

/** A permission set in the list's order, each once; anything not a permission is left out. */
export function normalisePermissions(values: Iterable<string>): StaffPermission[] {
  const wanted = new Set(values)
  return STAFF_PERMISSIONS.filter((permission) => wanted.has(permission))
}

/** Whether a set holds every permission asked for. */
export function grantsAll(held: Iterable<StaffPermission>, needed: readonly StaffPermission[]): boolean {
  const set = new Set(held)
  return needed.every((permission) => set.has(permission))
}

/** Whether using these permissions for a change needs a recent second factor. */
export function needsStepUp(needed: readonly StaffPermission[]): boolean {
  return needed.some((permission) => STEP_UP_PERMISSIONS.has(permission))
}

/** The permissions an API key of a role holds: the role's, less those only a staff member may use. */
export function apiKeyPermissions(rolePermissions: readonly StaffPermission[]): StaffPermission[] {
  return rolePermissions.filter((permission) => !STAFF_ONLY_PERMISSIONS.has(permission))
}

/** A custom role's id: lower-case letters, digits and underscores, not a built-in role's. */
export const ROLE_ID_PATTERN = /^[a-z][a-z0-9_]{1,39}$/

/**
 * API keys: `sk_` + a public id of 12 characters (stored as it is, to find the key and show which it is) + `_` + a
 * secret of 43 base64url characters (256 bits, stored only as SHA-256).
 */
export const API_KEY_PREFIX = 'sk_'
export const API_KEY_ID_LENGTH = 12
export const API_KEY_SECRET_LENGTH = 43
const API_KEY_PATTERN = new RegExp(
  `^${API_KEY_PREFIX}([a-z0-9]{${API_KEY_ID_LENGTH}})_([A-Za-z0-9_-]{${API_KEY_SECRET_LENGTH}})$`,
)
export const API_KEY_DEFAULT_DAYS = 90
export const API_KEY_MAX_DAYS = 365

/** A key's public id and secret, or null when the text is not shaped like a key. */
export function parseApiKey(value: string): { keyId: string; secret: string } | null {
  const match = API_KEY_PATTERN.exec(value)
  return match?.[1] && match[2] ? { keyId: match[1], secret: match[2] } : null
}

export function formatApiKey(keyId: string, secret: string): string {
  return `${API_KEY_PREFIX}${keyId}_${secret}`
}

/** Staff sessions (DESIGN.md §8): ended after 30 minutes unused and 12 hours after sign-in, whichever comes first. */
export const STAFF_SESSION_IDLE_SECONDS = 30 * 60
export const STAFF_SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60
export const STAFF_INVITE_SECONDS = 24 * 60 * 60
export const RECOVERY_CODE_COUNT = 10
export const STAFF_LANGUAGES = ['th', 'en'] as const
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number]

/** Who an audit entry's actor is: a member of staff, an API key, or the shop itself (the command line). */
export const AUDIT_ACTOR_TYPES = ['staff', 'api_key', 'system'] as const
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number]

/** Back-office sign-in codes one connection may ask for per hour (configurable: STAFF_CODE_IP_HOURLY_LIMIT). */
export const STAFF_CODES_PER_IP_PER_HOUR = 20
/** Back-office sign-in codes one address may be sent per hour. */
export const STAFF_CODES_PER_EMAIL_PER_HOUR = 5
