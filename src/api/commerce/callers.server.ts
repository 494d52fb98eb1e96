import type { Context } from 'hono'
import type { AccountServices } from '~/api/accounts/services.server'
import { bearerToken } from '~/api/http.server'
import { CART_TOKEN_HEADER, ORDER_TOKEN_HEADER } from '~/contract/headers'
import type { CartOwner } from './cart.service'
import type { OperatorAccess } from './operator.server'

/**
 * Who calls a commerce endpoint, read from the request: a cart's owner (member session or guest cart token), an
 * order's viewer (member session or order token), a member, or the back office (an API key, decision 174).
 */
export function commerceCallers(accounts: AccountServices, operator: OperatorAccess) {
  return {
    /** The back office's calls: an API key of a role with the permissions (or the deprecated OPERATOR_TOKEN). */
    operator,

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
  }
}

export type CommerceCallers = ReturnType<typeof commerceCallers>
