import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import type { StaffPermission } from '~/domain/staff-permissions'
import { isRefusal, me, type Me } from './api'
import { adminKeys } from './queries'

/**
 * Who uses the back office (DESIGN.md §8): the staff session the admin API reads from its cookie. The screens show only
 * what the role may do; the API checks every operation again (issue 31 item 2), so this is a courtesy, not the lock.
 */

/** The signed-in staff member, or null when nobody is (the API's UNAUTHENTICATED). */
export const meQuery = queryOptions({
  queryKey: adminKeys.me,
  queryFn: async (): Promise<Me | null> => {
    try {
      return await me()
    } catch (error) {
      if (isRefusal(error, 'UNAUTHENTICATED')) return null
      throw error
    }
  },
  staleTime: 60_000,
})

/** True when the staff member's role holds `permission`. */
export function can(staff: Pick<Me, 'permissions'> | null | undefined, permission: StaffPermission): boolean {
  return staff?.permissions.includes(permission) ?? false
}

/** The screens anyone may open: the sign-in and an invitation's acceptance. */
const PUBLIC_PATHS = new Set(['/sign-in', '/invite'])

/**
 * The root route's check before any screen: a public screen loads as it is; any other needs a session, and without one
 * the staff member is sent to the sign-in, which brings them back here afterwards. The screens read `me` from the
 * route context.
 */
export async function signedInContext({
  queryClient,
  pathname,
  href,
}: {
  queryClient: QueryClient
  pathname: string
  href: string
}): Promise<{ me: Me | null }> {
  const staff = await queryClient.ensureQueryData(meQuery)
  if (staff || PUBLIC_PATHS.has(pathname)) return { me: staff }
  throw redirect({ to: '/sign-in', search: { redirect: href === '/' ? undefined : href } })
}

/** A screen its role may not open: shown as such (ForbiddenScreen), the API would refuse it anyway. */
export class AdminForbidden extends Error {
  readonly permission: StaffPermission

  constructor(permission: StaffPermission) {
    super(`The role lacks ${permission}`)
    this.name = 'AdminForbidden'
    this.permission = permission
  }
}

/** A route's `beforeLoad`: the screen needs `permission`. */
export function requirePermission(staff: Me | null, permission: StaffPermission): void {
  if (!can(staff, permission)) throw new AdminForbidden(permission)
}

/** Who sees "Import and export" (issue 32 item 7): a role that may change products, stock or prices, or export. */
export const CSV_PERMISSIONS: readonly StaffPermission[] = [
  'catalog:write',
  'stock:write',
  'prices:write',
  'exports:run',
]
