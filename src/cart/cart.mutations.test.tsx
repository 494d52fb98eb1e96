// @vitest-environment jsdom
import { QueryObserver } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { deferred, hookTestCache, refused } from '~/forms/hook-test.fixture'
import * as accountKeys from '~/account/account.keys'
import type { Cart } from './types'
import { useAddToCart, useSetWishlisted } from './cart.mutations'
import { useCartLines } from './lines.mutations'

// The hooks' server functions and the page's language and currency are fakes; the cache is a real QueryClient.
const calls = vi.hoisted(() => ({
  addToCart: vi.fn(),
  setWishlisted: vi.fn(),
  setCartQuantity: vi.fn(),
  removeCartLine: vi.fn(),
  moveLineToWishlist: vi.fn(),
  acceptCartPrices: vi.fn(),
  moveCartToRegion: vi.fn(),
  track: vi.fn(),
}))
vi.mock('./add.functions', () => ({ addToCart: calls.addToCart, setWishlisted: calls.setWishlisted }))
vi.mock('./lines.functions', () => ({
  setCartQuantity: calls.setCartQuantity,
  removeCartLine: calls.removeCartLine,
  moveLineToWishlist: calls.moveLineToWishlist,
  acceptCartPrices: calls.acceptCartPrices,
  moveCartToRegion: calls.moveCartToRegion,
}))
vi.mock('./cart.functions', async () => {
  const cartKeys = await import('./cart.keys')
  return { cartQuery: (lang: string, currency: string) => ({ queryKey: [...cartKeys.all, lang, currency] }) }
})
vi.mock('~/i18n/use-locale', () => ({ useLocale: () => 'th', useCurrency: () => 'thb' }))
vi.mock('~/analytics/datalayer', () => ({ track: calls.track }))

const CART_KEY = ['cart', 'th', 'thb']
const cart = (count: number) => ({ id: 'c1', count, items: [] }) as unknown as Cart

const cache = hookTestCache()
const { wrapper } = cache

beforeEach(() => {
  for (const call of Object.values(calls)) call.mockReset()
})

describe('useAddToCart', () => {
  it('is pending until the cart answers, then puts its cart in the cache and reports add_to_cart', async () => {
    const answer = deferred<{ ok: true; cart: Cart }>()
    calls.addToCart.mockReturnValue(answer.promise)
    const { result } = renderHook(() => useAddToCart(), { wrapper })
    const ecommerce = { currency: 'THB', value: 1290, items: [{ item_id: 'p1' }] }
    let added: Promise<unknown> | undefined
    act(() => {
      added = result.current[1]('SKU-1-M', ecommerce)
    })
    expect(result.current[0]).toBe(true)
    expect(calls.addToCart).toHaveBeenCalledWith({ data: { sku: 'SKU-1-M', quantity: 1, lang: 'th', currency: 'thb' } })
    expect(calls.track).not.toHaveBeenCalled()
    await act(async () => {
      answer.resolve({ ok: true, cart: cart(1) })
      await added
    })
    expect(result.current[0]).toBe(false)
    expect(cache.client.getQueryData(CART_KEY)).toEqual(cart(1))
    expect(calls.track).toHaveBeenCalledWith('add_to_cart', { ecommerce })
  })

  it('hands a refusal back with the cache as it was and no event', async () => {
    cache.client.setQueryData(CART_KEY, cart(2))
    calls.addToCart.mockResolvedValue(refused('OUT_OF_STOCK'))
    const { result } = renderHook(() => useAddToCart(), { wrapper })
    let answer: unknown
    await act(async () => {
      answer = await result.current[1]('SKU-1-M', { value: 1 })
    })
    expect(answer).toEqual(refused('OUT_OF_STOCK'))
    expect(cache.client.getQueryData(CART_KEY)).toEqual(cart(2))
    expect(calls.track).not.toHaveBeenCalled()
    expect(result.current[0]).toBe(false)
  })
})

describe('useSetWishlisted', () => {
  it('reads every wishlist again once the server has answered, also a refusal', async () => {
    const wishlist = [...accountKeys.wishlists, 'th', 'thb']
    cache.client.setQueryData(wishlist, { productIds: [] })
    calls.setWishlisted.mockResolvedValue(refused('UNAUTHENTICATED'))
    const { result } = renderHook(() => useSetWishlisted(), { wrapper })
    let answer: unknown
    await act(async () => {
      answer = await result.current[1]('p1', true)
    })
    expect(calls.setWishlisted).toHaveBeenCalledWith({ data: { productId: 'p1', wished: true } })
    expect(answer).toEqual(refused('UNAUTHENTICATED'))
    expect(cache.client.getQueryState(wishlist)?.isInvalidated).toBe(true)
  })

  it('says what the server took in every wishlist at once, before they are read again', async () => {
    const th = [...accountKeys.wishlists, 'th', 'thb']
    const en = [...accountKeys.wishlists, 'en', 'usd']
    const dress = { id: 'p2' }
    cache.client.setQueryData(th, { items: [dress], productIds: ['p2'] })
    cache.client.setQueryData(en, { items: [dress], productIds: ['p2'] })
    cache.client.setQueryData([...accountKeys.wishlists, 'en', 'thb'], null)
    // The read again never ends here: the answer is in the cache without it.
    const reading = vi.fn(() => new Promise(() => {}))
    const stop = new QueryObserver(cache.client, { queryKey: th, queryFn: reading, staleTime: Infinity }).subscribe(
      () => {},
    )
    calls.setWishlisted.mockResolvedValue({ ok: true })
    const { result } = renderHook(() => useSetWishlisted(), { wrapper })
    await act(async () => {
      await result.current[1]('p1', true)
    })
    expect(result.current[0]).toBe(false)
    expect(reading).toHaveBeenCalledOnce()
    expect(cache.client.getQueryData(th)).toEqual({ items: [dress], productIds: ['p2', 'p1'] })
    expect(cache.client.getQueryData(en)).toEqual({ items: [dress], productIds: ['p2', 'p1'] })
    expect(cache.client.getQueryData([...accountKeys.wishlists, 'en', 'thb'])).toBeNull()
    await act(async () => {
      await result.current[1]('p2', false)
    })
    expect(cache.client.getQueryData(th)).toEqual({ items: [], productIds: ['p1'] })
    expect(cache.client.getQueryData(en)).toEqual({ items: [], productIds: ['p1'] })
    expect(cache.client.getQueryState(en)?.isInvalidated).toBe(true)
    stop()
  })
})

describe('useCartLines', () => {
  it("puts the cart's answer in the cache without reading the cart again", async () => {
    cache.client.setQueryData(CART_KEY, cart(1))
    calls.setCartQuantity.mockResolvedValue({ ok: true, cart: cart(3) })
    const onRefused = vi.fn()
    const { result } = renderHook(() => useCartLines({ onRefused }), { wrapper })
    await act(async () => {
      await result.current[1].setQuantity('line-1', 3)
    })
    expect(calls.setCartQuantity).toHaveBeenCalledWith({
      data: { lang: 'th', currency: 'thb', id: 'line-1', quantity: 3 },
    })
    expect(cache.client.getQueryData(CART_KEY)).toEqual(cart(3))
    expect(cache.client.getQueryState(CART_KEY)?.isInvalidated).toBe(false)
    expect(onRefused).not.toHaveBeenCalled()
  })

  it('says a refusal first, then reads every cart again', async () => {
    cache.client.setQueryData(CART_KEY, cart(1))
    calls.removeCartLine.mockResolvedValue(refused('OUT_OF_STOCK'))
    const seen: boolean[] = []
    const onRefused = vi.fn(() => {
      seen.push(cache.client.getQueryState(CART_KEY)?.isInvalidated ?? false)
    })
    const { result } = renderHook(() => useCartLines({ onRefused }), { wrapper })
    await act(async () => {
      await result.current[1].remove('line-1')
    })
    expect(onRefused).toHaveBeenCalledWith(refused('OUT_OF_STOCK'))
    expect(seen).toEqual([false])
    expect(cache.client.getQueryState(CART_KEY)?.isInvalidated).toBe(true)
  })

  it('reports remove_from_cart as the line is asked to go, answer or not', async () => {
    calls.removeCartLine.mockResolvedValue(refused('NOT_FOUND'))
    const { result } = renderHook(() => useCartLines(), { wrapper })
    const ecommerce = { currency: 'THB', items: [{ item_id: 'p1' }] }
    await act(async () => {
      await result.current[1].remove('line-1', ecommerce)
    })
    expect(calls.track).toHaveBeenCalledWith('remove_from_cart', { ecommerce })
  })

  it('turns a move to the region that found no answer into the refusal ERROR', async () => {
    calls.moveCartToRegion.mockRejectedValue(new Error('offline'))
    const onRefused = vi.fn()
    const { result } = renderHook(() => useCartLines({ onRefused }), { wrapper })
    let answer: unknown
    await act(async () => {
      answer = await result.current[1].moveToRegion()
    })
    expect(answer).toEqual({ ok: false, reason: 'ERROR' })
    expect(onRefused).toHaveBeenCalledWith({ ok: false, reason: 'ERROR' })
  })

  it('puts the cart with the prices taken in the cache', async () => {
    calls.acceptCartPrices.mockResolvedValue(cart(4))
    const { result } = renderHook(() => useCartLines(), { wrapper })
    await act(async () => {
      await result.current[1].acceptPrices()
    })
    expect(calls.acceptCartPrices).toHaveBeenCalledWith({ data: { lang: 'th', currency: 'thb' } })
    expect(cache.client.getQueryData(CART_KEY)).toEqual(cart(4))
  })
})
