import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { usePending } from '~/forms/use-pending'
import { usePendingFor } from '~/forms/use-pending-for'
import { challengeQuery, logout, requestIdentityChange, updateProfile } from './account.functions'
import * as accountKeys from './account.keys'
import { sessionQuery } from './session.functions'
import { endMemberSession, endOtherSessions, logoutEverywhere, memberSessionsQuery } from './sessions.functions'

/*
 * The member's actions on the account page (issue 30 item 4, decision 169), hooks of the cart's shape
 * (src/cart/cart.mutations.ts): `[pending, action]`. The action calls the server function, puts what the server
 * answered in the cache or reads again what it changed, and gives the answer back; the page says what happened.
 */

/**
 * Logged out on this device (then the home page) or on every device (then the login page): the session is gone from
 * the cache with everything of the member, the router reads its matches again. Pending until the next page.
 */
export function useLogOut() {
  const queryClient = useQueryClient()
  const router = useRouter()
  const [pending, whilePending] = usePending()
  const logOut = (everywhere = false) =>
    whilePending(async () => {
      await (everywhere ? logoutEverywhere() : logout())
      queryClient.setQueryData(sessionQuery().queryKey, null)
      queryClient.removeQueries({ queryKey: accountKeys.all })
      await router.invalidate()
      if (everywhere) await router.navigate({ to: '/account/login' })
      else await router.navigate({ to: '/' })
    })
  return [pending, logOut] as const
}

/**
 * Another device logged out (`end(id)`), or every other one (`endOthers()`, which answers how many): the devices
 * are read again. `ending` is the device's id, or 'others', while it runs.
 */
export function useEndSessions() {
  const queryClient = useQueryClient()
  const [ending, whilePendingFor] = usePendingFor<string>()
  const readAgain = () => queryClient.invalidateQueries({ queryKey: memberSessionsQuery().queryKey })
  const actions = {
    end: (id: string) =>
      whilePendingFor(id, async () => {
        const result = await endMemberSession({ data: { id } })
        await readAgain()
        return result
      }),
    endOthers: () =>
      whilePendingFor('others', async () => {
        const result = await endOtherSessions()
        await readAgain()
        return result
      }),
  }
  return [ending, actions] as const
}

export type ProfileInput = Parameters<typeof updateProfile>[0]['data']

/** The name, gender and birth date saved: the member the server answers is the session's at once. */
export function useSaveProfile() {
  const queryClient = useQueryClient()
  const [pending, whilePending] = usePending()
  const save = (profile: ProfileInput) =>
    whilePending(async () => {
      const result = await updateProfile({ data: profile })
      if (result.ok) queryClient.setQueryData(sessionQuery().queryKey, result.member)
      return result
    })
  return [pending, save] as const
}

export type IdentityChangeInput = Parameters<typeof requestIdentityChange>[0]['data']

/**
 * A change (or confirmation) of the member's e-mail or telephone asked for: once the code is sent, its challenge is
 * in the cache and the shopper is on the confirm screen; a refusal is handed back.
 */
export function useIdentityChange() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [pending, whilePending] = usePending()
  const request = (input: IdentityChangeInput) =>
    whilePending(async () => {
      const started = await requestIdentityChange({ data: input })
      if (started.ok) {
        queryClient.setQueryData(challengeQuery().queryKey, started.challenge)
        await navigate({ to: '/account/confirm-otp' })
      }
      return started
    })
  return [pending, request] as const
}
