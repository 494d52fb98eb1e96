// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { deferred, hookTestCache, refused } from '~/forms/hook-test.fixture'
import { useEndSessions, useIdentityChange, useLogOut, useSaveProfile } from './account.mutations'
import { useAddressBook } from './address.mutations'

// The server functions and the router are fakes; the cache is a real QueryClient, keyed as the app keys it.
const calls = vi.hoisted(() => ({
  logout: vi.fn(),
  logoutEverywhere: vi.fn(),
  endMemberSession: vi.fn(),
  endOtherSessions: vi.fn(),
  updateProfile: vi.fn(),
  requestIdentityChange: vi.fn(),
  addAddress: vi.fn(),
  updateAddress: vi.fn(),
  setDefaultAddress: vi.fn(),
  removeAddress: vi.fn(),
  navigate: vi.fn(),
  invalidate: vi.fn(),
}))
vi.mock('./account.functions', () => ({
  logout: calls.logout,
  updateProfile: calls.updateProfile,
  requestIdentityChange: calls.requestIdentityChange,
  challengeQuery: () => ({ queryKey: ['account', 'challenge'] }),
}))
vi.mock('./sessions.functions', () => ({
  logoutEverywhere: calls.logoutEverywhere,
  endMemberSession: calls.endMemberSession,
  endOtherSessions: calls.endOtherSessions,
  memberSessionsQuery: () => ({ queryKey: ['account', 'sessions'] }),
}))
vi.mock('./session.functions', () => ({ sessionQuery: () => ({ queryKey: ['session'] }) }))
vi.mock('./address-book.functions', () => ({
  addAddress: calls.addAddress,
  updateAddress: calls.updateAddress,
  setDefaultAddress: calls.setDefaultAddress,
  removeAddress: calls.removeAddress,
}))
vi.mock('./address.functions', () => ({ addressesQuery: () => ({ queryKey: ['account', 'addresses'] }) }))
vi.mock('@tanstack/react-router', () => ({
  useRouter: () => ({ invalidate: calls.invalidate, navigate: calls.navigate }),
  useNavigate: () => calls.navigate,
}))

const member = { id: 'm1', fullname: 'Somchai Jaidee' }

const cache = hookTestCache()
const { wrapper } = cache

beforeEach(() => {
  for (const call of Object.values(calls)) call.mockReset()
  calls.navigate.mockResolvedValue(undefined)
  calls.invalidate.mockResolvedValue(undefined)
})

describe('useLogOut', () => {
  it('forgets the member and everything of theirs, then goes home, pending until there', async () => {
    cache.client.setQueryData(['session'], member)
    cache.client.setQueryData(['account', 'addresses'], [])
    const there = deferred<undefined>()
    calls.logout.mockResolvedValue({ ok: true })
    calls.navigate.mockReturnValue(there.promise)
    const { result } = renderHook(() => useLogOut(), { wrapper })
    let leaving: Promise<void> | undefined
    await act(async () => {
      leaving = result.current[1]()
      await Promise.resolve()
    })
    await vi.waitFor(() => expect(calls.navigate).toHaveBeenCalledWith({ to: '/' }))
    expect(result.current[0]).toBe(true)
    expect(calls.logoutEverywhere).not.toHaveBeenCalled()
    expect(cache.client.getQueryData(['session'])).toBeNull()
    expect(cache.client.getQueryData(['account', 'addresses'])).toBeUndefined()
    expect(calls.invalidate).toHaveBeenCalled()
    await act(async () => {
      there.resolve(undefined)
      await leaving
    })
    expect(result.current[0]).toBe(false)
  })

  it('logs out every device and goes to the login page', async () => {
    calls.logoutEverywhere.mockResolvedValue({ ok: true })
    const { result } = renderHook(() => useLogOut(), { wrapper })
    await act(async () => {
      await result.current[1](true)
    })
    expect(calls.logout).not.toHaveBeenCalled()
    expect(calls.navigate).toHaveBeenCalledWith({ to: '/account/login' })
  })
})

describe('useEndSessions', () => {
  it('names the device while it is logged out, then reads the devices again', async () => {
    cache.client.setQueryData(['account', 'sessions'], [])
    const answer = deferred<{ ok: true }>()
    calls.endMemberSession.mockReturnValue(answer.promise)
    const { result } = renderHook(() => useEndSessions(), { wrapper })
    let ended: Promise<unknown> | undefined
    act(() => {
      ended = result.current[1].end('device-2')
    })
    expect(result.current[0]).toBe('device-2')
    await act(async () => {
      answer.resolve({ ok: true })
      await ended
    })
    expect(calls.endMemberSession).toHaveBeenCalledWith({ data: { id: 'device-2' } })
    expect(cache.client.getQueryState(['account', 'sessions'])?.isInvalidated).toBe(true)
    expect(result.current[0]).toBeNull()
  })

  it("hands back how many other devices were logged out, as 'others'", async () => {
    calls.endOtherSessions.mockResolvedValue({ ended: 2 })
    const { result } = renderHook(() => useEndSessions(), { wrapper })
    let answer: unknown
    await act(async () => {
      answer = await result.current[1].endOthers()
    })
    expect(answer).toEqual({ ended: 2 })
  })
})

describe('useSaveProfile', () => {
  it('makes the member answered the session, and leaves it on a refusal', async () => {
    cache.client.setQueryData(['session'], member)
    const profile = { fullname: 'Somchai J.', gender: null, birthdate: null }
    calls.updateProfile.mockResolvedValueOnce(refused('INVALID_INPUT'))
    calls.updateProfile.mockResolvedValueOnce({ ok: true, member: { ...member, fullname: 'Somchai J.' } })
    const { result } = renderHook(() => useSaveProfile(), { wrapper })
    await act(async () => {
      await result.current[1](profile)
    })
    expect(cache.client.getQueryData(['session'])).toEqual(member)
    await act(async () => {
      await result.current[1](profile)
    })
    expect(calls.updateProfile).toHaveBeenCalledWith({ data: profile })
    expect(cache.client.getQueryData(['session'])).toEqual({ ...member, fullname: 'Somchai J.' })
  })
})

describe('useIdentityChange', () => {
  const input = { field: 'email' as const, value: 'new@example.com', country: 'TH', lang: 'th' as const }

  it('keeps the challenge and opens the confirm screen once the code is sent', async () => {
    const challenge = { refCode: 'AB12' }
    calls.requestIdentityChange.mockResolvedValue({ ok: true, challenge })
    const { result } = renderHook(() => useIdentityChange(), { wrapper })
    await act(async () => {
      await result.current[1](input)
    })
    expect(calls.requestIdentityChange).toHaveBeenCalledWith({ data: input })
    expect(cache.client.getQueryData(['account', 'challenge'])).toEqual(challenge)
    expect(calls.navigate).toHaveBeenCalledWith({ to: '/account/confirm-otp' })
  })

  it('hands a refusal back and stays', async () => {
    calls.requestIdentityChange.mockResolvedValue(refused('EMAIL_EXISTS'))
    const { result } = renderHook(() => useIdentityChange(), { wrapper })
    let answer: unknown
    await act(async () => {
      answer = await result.current[1](input)
    })
    expect(answer).toEqual(refused('EMAIL_EXISTS'))
    expect(calls.navigate).not.toHaveBeenCalled()
  })
})

describe('useAddressBook', () => {
  it('names the address while it becomes the default, then reads the addresses again', async () => {
    cache.client.setQueryData(['account', 'addresses'], [])
    const answer = deferred<{ ok: true; address: object }>()
    calls.setDefaultAddress.mockReturnValue(answer.promise)
    const { result } = renderHook(() => useAddressBook(), { wrapper })
    let chosen: Promise<unknown> | undefined
    act(() => {
      chosen = result.current[1].setDefault('address-2')
    })
    expect(result.current[0]).toBe('address-2')
    await act(async () => {
      answer.resolve({ ok: true, address: {} })
      await chosen
    })
    expect(calls.setDefaultAddress).toHaveBeenCalledWith({ data: { id: 'address-2' } })
    expect(cache.client.getQueryState(['account', 'addresses'])?.isInvalidated).toBe(true)
    expect(result.current[0]).toBeNull()
  })

  it('reads nothing again when the address book refuses, and hands the refusal back', async () => {
    cache.client.setQueryData(['account', 'addresses'], [])
    calls.removeAddress.mockResolvedValue(refused('NOT_FOUND'))
    const { result } = renderHook(() => useAddressBook(), { wrapper })
    let answer: unknown
    await act(async () => {
      answer = await result.current[1].remove('address-3')
    })
    expect(answer).toEqual(refused('NOT_FOUND'))
    expect(cache.client.getQueryState(['account', 'addresses'])?.isInvalidated).toBe(false)
  })

  it("adds an address as 'new' with the default chosen", async () => {
    calls.addAddress.mockResolvedValue({ ok: true, address: {} })
    const address = { firstname: 'Somchai' } as never
    const { result } = renderHook(() => useAddressBook(), { wrapper })
    await act(async () => {
      await result.current[1].add(address, true)
    })
    expect(calls.addAddress).toHaveBeenCalledWith({ data: { address, isDefault: true } })
  })
})
