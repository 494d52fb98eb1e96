import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { currentMember, type SessionMember } from './session.server'
import * as accountKeys from './account.keys'

export type { SessionMember }

/** The logged-in member of this request, or null for a guest. */
export const getSessionMember = createServerFn({ method: 'GET' }).handler(() => currentMember())

export const sessionQuery = () =>
  queryOptions({
    queryKey: accountKeys.session,
    queryFn: () => getSessionMember(),
    staleTime: 30_000,
  })
