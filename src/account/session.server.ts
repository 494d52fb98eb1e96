/** A logged-in member as the storefront sees it. */
export type SessionMember = {
  id: string
  fullname: string
}

/**
 * The member of the current request. Accounts and server-side sessions arrive with the accounts
 * issue (#4); until then nobody can log in, so every visitor is a guest.
 */
export function currentMember(): SessionMember | null {
  return null
}
