import { timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import type { AccountServices } from '~/api/accounts/services.server'
import { bearerToken } from '~/api/http.server'
import { ApiError } from '~/api/errors'
import { CART_TOKEN_HEADER, ORDER_TOKEN_HEADER } from '~/contract/headers'
import type { CartOwner } from './cart.service'

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Who calls a commerce endpoint, read from the request: a cart's owner (member session or guest cart token), an
 * order's viewer (member session or order token), a member, or the back office (its token).
 */
export function commerceCallers(accounts: AccountServices, operatorToken: string | null) {
  return {
    async cartOwner(c: Context): Promise<CartOwner> {
      const member = await accounts.sessions.memberForSession(bearerToken(c))
      const token = c.req.header(CART_TOKEN_HEADER) ?? null
      return { memberId: member?.id ?? null, token: token && /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : null }
    },

    async orderViewer(c: Context): Promise<{ memberId: string | null; accessToken: string | null }> {
      const member = await accounts.sessions.memberForSession(bearerToken(c))
      const token = c.req.header(ORDER_TOKEN_HEADER) ?? null
      return { memberId: member?.id ?? null, accessToken: token && token.length <= 200 ? token : null }
    },

    requireMember(c: Context) {
      return accounts.sessions.requireMember(bearerToken(c))
    },

    requireOperator(c: Context): void {
      const token = bearerToken(c)
      if (!operatorToken || !token || !sameSecret(token, operatorToken)) {
        throw new ApiError(401, 'UNAUTHENTICATED', 'Operator token required')
      }
    },
  }
}

export type CommerceCallers = ReturnType<typeof commerceCallers>
