/**
 * The back office's client of the admin API (DESIGN.md §8; decision 177): same-origin `fetch` under /api/admin/…, with
 * the staff session's HttpOnly, SameSite=Strict cookie, never a server function. The endpoints are being built
 * (issue 31 item 1); until they are wired in here, every call rejects with {@link AdminApiNotAvailable}, which the
 * screens show as "not available yet".
 */
import type { SECOND_FACTOR_KINDS } from '~/contract/admin'
import type { Money } from '~/domain/money'
import type { StaffPermission } from '~/domain/staff-permissions'
import type { AdminLocale } from './locale'

/** The second factors a staff member may give after the e-mail code (the admin API's contract). */
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number]

/** A sign-in under way: the token that binds its steps, and the reference printed in the e-mail with the code. */
export type SignInStarted = { signInToken: string; reference: string }

/** The e-mail code was right: the second factors this staff member can give next. */
export type CodeAccepted = { factors: SecondFactorKind[] }

/** A second factor typed in: an authenticator app's code or a recovery code. */
export type TypedFactor = { kind: 'totp' | 'recovery_code'; code: string }

/** Who is signed in. */
export type StaffSession = { name: string; email: string; permissions: StaffPermission[] }

/** One line of the orders list. */
export type OrderRow = {
  number: string
  placedAt: string
  customer: string
  status: string
  /** Integer minor units with the currency, as the wire carries them (DESIGN.md §3). */
  total: Money
}

/** One page of a list, as the server pages and sorts it. */
export type ListPage<Row> = { rows: Row[]; total: number; page: number; pageSize: number }

/** What the orders list asks for: the page, its size and the order, from the URL (search.ts). */
export type OrdersQuery = { page: number; size: number; sort: string; dir: 'asc' | 'desc'; q?: string }

/** An admin API call that the server does not offer yet. */
export class AdminApiNotAvailable extends Error {
  readonly operation: string

  constructor(operation: string) {
    super(`The admin API's ${operation} is not available yet`)
    this.name = 'AdminApiNotAvailable'
    this.operation = operation
  }
}

const notAvailable = (operation: string): Promise<never> => Promise.reject(new AdminApiNotAvailable(operation))

/** Step 1: sends a sign-in code to the e-mail address (the same answer whether or not staff have it). */
export function startSignIn(_input: { email: string; language: AdminLocale }): Promise<SignInStarted> {
  return notAvailable('sign-in')
}

/** Step 2: the e-mail code. */
export function verifySignInCode(_input: { signInToken: string; code: string }): Promise<CodeAccepted> {
  return notAvailable('sign-in code check')
}

/** Step 3: the second factor; the session cookie is set by the answer. */
export function finishSignIn(_input: { signInToken: string; factor: TypedFactor }): Promise<StaffSession> {
  return notAvailable('second factor check')
}

/** The orders list, paged and sorted by the server. */
export function listOrders(_query: OrdersQuery): Promise<ListPage<OrderRow>> {
  return notAvailable('orders list')
}
