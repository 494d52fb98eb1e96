import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { currentMember, type SessionMember } from './session.server'

export type { SessionMember }

/** The logged-in member of this request, or null for a guest. */
export const getSessionMember = createServerFn({ method: 'GET' }).handler(() => currentMember())

/** Member data is keyed under ['session'] and ['account', …]: logging in or out resets both. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: () => getSessionMember(),
    staleTime: 30_000,
  })
